import { activeAccountAtom, activeNetworkAtom, portfolioAtom, sendAtom, type BalanceItem, type PorticoViewProps } from '@portico/shared-state';
import { fiatValue, formatBalance } from '@portico/shared-state/amounts';
import { formatUsd } from '@portico/shared-state/formatters';
import { AmountInput, TokenButton, TokenSheet, useLocale, useTokenSheet } from '@portico/ui';
import { useAtomValue } from 'jotai';
import { useEffect, useMemo, type FormEvent } from 'react';
import { useSendMessages } from '../messages';
import { problemText } from '../problems';
import { nativeToken, tokenIcon, tokenKey, tokenOption } from '../tokens';
import { ReceiverField } from './ReceiverField';

/** The transfer screen: the amount card with its token, the receiver, then Preview; the token sheet in its place while open. */
export function SendForm({ portico }: PorticoViewProps) {
  const send = useAtomValue(sendAtom);
  const t = useSendMessages();
  const { locale } = useLocale();
  const tokens = useSendableTokens();
  const sheet = useTokenSheet<'token'>();
  const { apiUrl } = portico.options;
  const { token } = send;
  const estimating = send.status === 'estimating';

  // A person opening Send expects to type an amount straight away: once the balances are here,
  // the network's native token is picked for them if they hold some (and nothing is picked yet).
  const hasToken = token !== undefined;
  useEffect(() => {
    if (!hasToken && tokens.length > 0) void portico.send.preselectToken(tokens);
  }, [portico, tokens, hasToken]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!estimating) void portico.send.preview();
  };
  const fiat = fiatValue(send.sendTokenAmount, token?.price);

  return (
    <>
      {sheet.open && (
        <TokenSheet
          options={tokens.map((balance) => tokenOption(balance, apiUrl, locale))}
          selectedKey={token && tokenKey(token)}
          onSelect={(picked) => {
            portico.send.setToken(picked);
            sheet.close();
          }}
          onClose={sheet.close}
        />
      )}
      <form className="portico-tx" hidden={Boolean(sheet.open)} onSubmit={submit} noValidate aria-busy={estimating || undefined}>
        <AmountInput
          label={t('field.amount')}
          value={send.sendTokenAmount}
          onChange={(amount) => portico.send.setAmount(amount)}
          onMax={() => portico.send.setMax()}
          maxDisabled={!token}
          token={<TokenButton label={t('field.token')} token={token && { symbol: token.symbol, iconUrl: tokenIcon(token, apiUrl) }} {...sheet.trigger('token')} />}
          fiat={fiat !== undefined ? t('form.fiat', { value: formatUsd(fiat, locale) }) : undefined}
          balance={token ? t('form.balance', { balance: formatBalance(token.quantity.numeric, locale) }) : <NoTokensLine count={tokens.length} />}
          error={problemText(send.amountError, t)}
        />

        <ReceiverField portico={portico} />

        {/* A field's own problem is shown at the field, not twice. */}
        {send.error && send.error !== send.amountError && send.error !== send.receiverError && (
          <p role="alert" className="portico-error-text">
            {problemText(send.error, t)}
          </p>
        )}

        <button type="submit" className="portico-button portico-button-block" disabled={estimating}>
          {estimating ? t('form.estimating') : t('form.preview')}
        </button>
      </form>
    </>
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

/** Under the amount before a token is chosen: the balances loading, or none to send. */
function NoTokensLine({ count }: { count: number }) {
  const { loading } = useAtomValue(portfolioAtom);
  const t = useSendMessages();
  if (count > 0) return null;
  return <span role="status">{loading ? t('form.loadingTokens') : t('form.noTokens')}</span>;
}
