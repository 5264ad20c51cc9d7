import { swapAtom, type PorticoViewProps } from '@portico/shared-state';
import { AmountInput, ErrorPanel, LoadingPanel, TextField, Toggle } from '@portico/ui';
import { useAtomValue } from 'jotai';
import { useId, useState, type FormEvent } from 'react';
import { useSwapMessages } from '../messages';
import { QuoteDetails } from './QuoteDetails';
import { SlippagePicker } from './SlippagePicker';
import { SwapTokenPicker, useSwapTokens } from './SwapTokenPicker';

/** The form: search, From, amount with Max, Switch tokens, To, slippage, the live quote, then Approve or Swap. */
export function SwapForm({ portico }: PorticoViewProps) {
  const swap = useAtomValue(swapAtom);
  const t = useSwapMessages();
  const [search, setSearch] = useState('');
  const tokens = useSwapTokens(search);
  const errorId = useId();
  const { sourceToken, toToken } = swap;
  const sourceBalance = sourceToken ? tokens.find((t) => t.address === sourceToken.address)?.balance : undefined;
  const ready = Boolean(swap.quote) && !swap.quoteLoading && !swap.error;
  const approveFirst = swap.needsApproval && sourceToken;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    void (swap.needsApproval ? portico.swap.approve() : portico.swap.swap());
  };

  if (swap.tokensError) return <ErrorPanel message={swap.tokensError} />;
  if (swap.tokens.length === 0) return <LoadingPanel label={t('form.loadingTokens')} />;

  return (
    <form className="portico-stack" onSubmit={submit} noValidate aria-busy={swap.quoteLoading || undefined}>
      <TextField label={t('form.search')} type="search" placeholder={t('form.searchPlaceholder')} value={search} onChange={setSearch} />

      <SwapTokenPicker label={t('picker.from')} name="portico-swap-from" tokens={tokens} selected={sourceToken} onSelect={(t) => portico.swap.setSourceToken(t)} />

      <AmountInput
        label={t('form.amount')}
        value={swap.sourceTokenAmount}
        onChange={(amount) => portico.swap.setAmount(amount)}
        onMax={() => sourceBalance && portico.swap.setAmount(sourceBalance)}
        maxDisabled={!sourceBalance}
        describedBy={swap.error ? errorId : undefined}
        invalid={Boolean(swap.error)}
      />

      <button type="button" className="portico-button portico-button-secondary" onClick={() => portico.swap.switchTokens()} disabled={!sourceToken && !toToken}>
        {t('form.switch')}
      </button>

      <SwapTokenPicker label={t('picker.to')} name="portico-swap-to" tokens={tokens} selected={toToken} onSelect={(t) => portico.swap.setToToken(t)} />

      <SlippagePicker value={swap.slippage} onChange={(slippage) => portico.swap.setSlippage(slippage)} />

      <QuoteDetails />

      {swap.error && (
        <p id={errorId} role="alert" className="portico-error-text">
          {swap.error}
        </p>
      )}

      {approveFirst && (
        // Off by default: the approval covers exactly this swap unless the person asks for more.
        <Toggle checked={swap.unlimitedApproval} onChange={(on) => portico.swap.setUnlimitedApproval(on)}>
          {t('form.unlimited', { symbol: sourceToken.symbol })}
        </Toggle>
      )}

      <button type="submit" className="portico-button portico-button-block" disabled={!ready}>
        {approveFirst ? t('form.approve', { symbol: sourceToken.symbol }) : t('form.swap')}
      </button>
    </form>
  );
}
