import { activeAccountAtom, activeNetworkAtom, portfolioAtom, sendAtom, type BalanceItem, type PorticoViewProps } from '@portico/shared-state';
import { formatBalance } from '@portico/shared-state/amounts';
import { AmountInput, TextField, TokenPicker } from '@portico/ui';
import { useAtomValue } from 'jotai';
import { useEffect, useId, useMemo, type FormEvent } from 'react';
import { nativeToken, tokenKey } from '../tokens';

/** The form: token, amount with Max, receiver address; submitting validates and estimates the fee. */
export function SendForm({ portico }: PorticoViewProps) {
  const send = useAtomValue(sendAtom);
  const tokens = useSendableTokens();
  const errorId = useId();
  const estimating = send.status === 'estimating';
  const describedBy = send.error ? errorId : undefined;

  // A person opening Send expects to type an amount straight away: once the balances are here,
  // the network's native token is picked for them if they hold some (and nothing is picked yet).
  const hasToken = send.token !== undefined;
  useEffect(() => {
    if (!hasToken && tokens.length > 0) void portico.send.preselectToken(tokens);
  }, [portico, tokens, hasToken]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!estimating) void portico.send.preview();
  };

  return (
    <form className="portico-stack" onSubmit={submit} noValidate aria-busy={estimating || undefined}>
      {tokens.length === 0 ? (
        <NoTokens />
      ) : (
        <TokenPicker
          label="Token"
          name="portico-send-token"
          selectedKey={send.token ? tokenKey(send.token) : undefined}
          onSelect={(token) => portico.send.setToken(token)}
          options={tokens.map((token) => ({
            key: tokenKey(token),
            symbol: token.symbol,
            balance: formatBalance(token.quantity.numeric),
            iconUrl: token.iconUrl,
            value: token,
          }))}
        />
      )}

      <AmountInput
        value={send.sendTokenAmount}
        onChange={(amount) => portico.send.setAmount(amount)}
        onMax={() => portico.send.setMax()}
        maxDisabled={!send.token}
        describedBy={describedBy}
        invalid={isAmountError(send.error)}
      />

      <TextField
        label="Receiver address"
        spellCheck={false}
        placeholder="0x…"
        value={send.receiverAddress}
        aria-describedby={describedBy}
        aria-invalid={send.error === 'Invalid address' || undefined}
        onChange={(receiver) => portico.send.setReceiver(receiver)}
      />

      {send.error && (
        <p id={errorId} role="alert" className="portico-error-text">
          {send.error}
        </p>
      )}

      <button type="submit" className="portico-button portico-button-block" disabled={estimating}>
        {estimating ? 'Estimating fee…' : 'Preview send'}
      </button>
    </form>
  );
}

/** The account's balances; without the blockchain API, the native balance alone still makes the native token sendable. */
function useSendableTokens(): BalanceItem[] {
  const account = useAtomValue(activeAccountAtom);
  const network = useAtomValue(activeNetworkAtom);
  const portfolio = useAtomValue(portfolioAtom);
  return useMemo(() => {
    const apiFailed = portfolio.unavailable || portfolio.lastFailure !== undefined;
    const fallback = apiFailed && portfolio.balances.length === 0 && !portfolio.loading ? nativeToken(account, network) : undefined;
    return fallback ? [fallback] : portfolio.balances;
  }, [account, network, portfolio]);
}

function NoTokens() {
  const { loading } = useAtomValue(portfolioAtom);
  return (
    <div className="portico-stack">
      <span className="portico-muted">Token</span>
      <p className="portico-muted" role="status">
        {loading ? 'Loading tokens…' : 'No tokens to send'}
      </p>
    </div>
  );
}

const isAmountError = (error: string | undefined) =>
  error === 'Insufficient funds' || error === 'Invalid amount' || Boolean(error?.startsWith('Too many decimals'));
