import { swapAtom, type PorticoViewProps, type SwapToken } from '@portico/shared-state';
import { fiatValue, formatBalance } from '@portico/shared-state/amounts';
import { formatUsd } from '@portico/shared-state/formatters';
import { AmountInput, ErrorPanel, LoadingPanel, TokenButton, TokenSheet, Toggle, useLocale, useTokenSheet } from '@portico/ui';
import { useAtomValue } from 'jotai';
import type { FormEvent } from 'react';
import { useSwapMessages } from '../messages';
import { formatPercent } from '../percent';
import { swapTokenOptions, tokenIcon, tokenKey, useSwapTokens, type HeldSwapToken } from '../tokens';
import { QuoteDetails } from './QuoteDetails';
import { SlippageSettings } from './SlippageSettings';
import { SwapSteps, useSwapProgress } from './SwapSteps';

/** "You pay" and "You receive" cards with the flip between them, the live quote, then Approve → Swap in place. */
export function SwapForm({ portico }: PorticoViewProps) {
  const swap = useAtomValue(swapAtom);
  const t = useSwapMessages();
  const { locale } = useLocale();
  const tokens = useSwapTokens();
  const sheet = useTokenSheet<'from' | 'to'>();
  const progress = useSwapProgress();
  const { apiUrl } = portico.options;
  const held = (token: SwapToken | undefined) => token && tokens.find((candidate) => tokenKey(candidate) === tokenKey(token));
  const [from, to] = [held(swap.sourceToken), held(swap.toToken)];
  const picking = sheet.open === 'from' ? from : to;
  const ready = Boolean(swap.quote) && !swap.quoteLoading && !swap.error;
  const pill = (token: HeldSwapToken | undefined) => token && { symbol: token.symbol, iconUrl: tokenIcon(token, apiUrl) };
  const usd = (amount: string, token: HeldSwapToken | undefined) => {
    const value = fiatValue(amount, token?.price);
    return value !== undefined ? t('form.fiat', { value: formatUsd(value, locale) }) : undefined;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready || progress.busy) return;
    void (swap.needsApproval ? portico.swap.approve() : portico.swap.swap());
  };

  if (swap.tokensError) return <ErrorPanel message={swap.tokensError} />;
  if (swap.tokens.length === 0) return <LoadingPanel label={t('form.loadingTokens')} />;

  return (
    <>
      {sheet.open && (
        <TokenSheet
          options={swapTokenOptions(tokens, { suggested: t('picker.suggested'), popular: t('picker.popular') }, apiUrl, locale)}
          selectedKey={picking && tokenKey(picking)}
          onSelect={(token) => {
            if (sheet.open === 'from') portico.swap.setSourceToken(token);
            else portico.swap.setToToken(token);
            sheet.close();
          }}
          onClose={sheet.close}
        />
      )}
      <form className="portico-tx" hidden={Boolean(sheet.open)} onSubmit={submit} noValidate aria-busy={swap.quoteLoading || progress.busy || undefined}>
        <div className="portico-swap-head">
          <span className="portico-muted">{t('form.slippage', { percent: formatPercent(swap.slippage, locale) })}</span>
          <SlippageSettings portico={portico} />
        </div>
        {/* Locked while an approval or the swap is on its way: the sent transaction is for these values. */}
        <fieldset className="portico-swap-cards" disabled={progress.busy}>
          <AmountInput
            label={t('form.pay')}
            value={swap.sourceTokenAmount}
            onChange={(amount) => portico.swap.setAmount(amount)}
            onMax={() => portico.swap.setMax()}
            maxDisabled={!from?.balance}
            token={<TokenButton label={t('form.pay')} token={pill(from)} {...sheet.trigger('from')} />}
            fiat={usd(swap.sourceTokenAmount, from)}
            balance={from && t('form.balance', { balance: formatBalance(from.balance ?? '0', locale) })}
            error={amountProblem(swap.error)}
          />
          <button type="button" className="portico-flip-button" aria-label={t('form.switch')} onClick={() => portico.swap.switchTokens()} disabled={!from && !to}>
            <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false">
              <path d="M8 2.5v11m0 0-4-4m4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </button>
          <AmountInput
            label={t('form.receive')}
            value={swap.quote ? formatBalance(swap.quote.toAmountText, locale) : ''}
            token={<TokenButton label={t('form.receive')} token={pill(to)} {...sheet.trigger('to')} />}
            fiat={swap.quote && usd(swap.quote.toAmountText, to)}
            balance={to && t('form.balance', { balance: formatBalance(to.balance ?? '0', locale) })}
          />
        </fieldset>

        <QuoteDetails />

        {swap.error && !amountProblem(swap.error) && (
          <p role="alert" className="portico-error-text">
            {swap.error}
          </p>
        )}

        <SwapSteps />

        {swap.needsApproval && from && (
          // Off by default: the approval covers exactly this swap unless the person asks for more.
          <Toggle checked={swap.unlimitedApproval} disabled={progress.busy} onChange={(on) => portico.swap.setUnlimitedApproval(on)}>
            {t('form.unlimited', { symbol: from.symbol })}
          </Toggle>
        )}

        {/* aria-disabled while busy, not disabled: the button keeps focus, so the view stays where it is. */}
        <button type="submit" className="portico-button portico-button-block" disabled={!ready && !progress.busy} aria-disabled={progress.busy || undefined}>
          {progress.buttonLabel}
        </button>
      </form>
    </>
  );
}

/** The amount's own problems (shown at the "You pay" card); the rest are the form's. */
const amountProblem = (error: string | undefined) =>
  error && /^(Invalid amount|Too many decimals: .*|Insufficient .* balance)$/.test(error) ? error : undefined;
