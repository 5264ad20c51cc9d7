import { activeAccountAtom, activeNetworkAtom, portfolioAtom, sendAtom, type BalanceItem, type PorticoViewProps } from '@portico/shared-state';
import { formatBalance } from '@portico/shared-state/amounts';
import { AmountInput, TextField, TokenPicker, useLocale } from '@portico/ui';
import { useAtomValue } from 'jotai';
import { useEffect, useId, useMemo, type FormEvent } from 'react';
import { useSendMessages } from '../messages';
import { nativeToken, tokenKey } from '../tokens';

/** The form: token, amount with Max, receiver address; submitting validates and estimates the fee. */
export function SendForm({ portico }: PorticoViewProps) {
  const send = useAtomValue(sendAtom);
  const t = useSendMessages();
  const { locale } = useLocale();
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
          label={t('field.token')}
          name="portico-send-token"
          selectedKey={send.token ? tokenKey(send.token) : undefined}
          onSelect={(token) => portico.send.setToken(token)}
          options={tokens.map((token) => ({
            key: tokenKey(token),
            symbol: token.symbol,
            balance: formatBalance(token.quantity.numeric, locale),
            iconUrl: token.iconUrl,
            value: token,
          }))}
        />
      )}

      <AmountInput
        label={t('field.amount')}
        value={send.sendTokenAmount}
        onChange={(amount) => portico.send.setAmount(amount)}
        onMax={() => portico.send.setMax()}
        maxDisabled={!send.token}
        describedBy={describedBy}
        invalid={isAmountError(send.error)}
      />

      <TextField
        label={t('field.receiver')}
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
        {estimating ? t('form.estimating') : t('form.preview')}
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
  const t = useSendMessages();
  return (
    <div className="portico-stack">
      <span className="portico-muted">{t('field.token')}</span>
      <p className="portico-muted" role="status">
        {loading ? t('form.loadingTokens') : t('form.noTokens')}
      </p>
    </div>
  );
}

const isAmountError = (error: string | undefined) =>
  error === 'Insufficient funds' || error === 'Invalid amount' || Boolean(error?.startsWith('Too many decimals'));
