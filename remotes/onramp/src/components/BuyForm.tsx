import { onRampAmountError, PAYMENT_METHOD_LABELS } from '@portico/shared-state/onramp-rules';
import {
  activeNetworkAtom,
  onRampAtom,
  type OnRampProvider,
  type OnRampQuoteRequest,
  type PorticoViewProps,
} from '@portico/shared-state';
import { useLocale } from '@portico/ui';
import { useAtomValue } from 'jotai';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { formatDecimal } from '../decimal';
import { paymentMethodLabel, useOnRampMessages } from '../messages';
import { openProviderWindow } from './provider-window';
import { QuoteDetails } from './QuoteDetails';
import { SelectField } from './SelectField';

/**
 * The purchase with one provider (spec sections 3, 7, 8): asset, currency, payment method and an
 * amount within the method's limits; `Get quote` shows the quote, then the provider's page opens.
 */
export function BuyForm({ portico, provider, onChangeProvider }: PorticoViewProps & { provider: OnRampProvider; onChangeProvider(): void }) {
  const network = useAtomValue(activeNetworkAtom);
  const state = useAtomValue(onRampAtom);
  const t = useOnRampMessages();
  const { locale } = useLocale();
  const ids = { amount: useId(), limits: useId(), error: useId() };

  const assets = useMemo(
    () =>
      (state.options?.purchaseCurrencies ?? []).filter((currency) =>
        currency.networks.some((n) => n.name === network?.caipNetworkId || n.chain_id === String(network?.id)),
      ),
    [state.options, network],
  );
  const currencies = state.options?.paymentCurrencies ?? [];
  const [asset, setAsset] = useState(() => assets.find((a) => a.symbol === network?.nativeCurrency.symbol)?.symbol ?? assets[0]?.symbol ?? '');
  const [currency, setCurrency] = useState(currencies[0]?.id ?? 'USD');
  const [method, setMethod] = useState('card');
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState<string>();

  const methods = currencies.find((c) => c.id === currency)?.payment_method_limits ?? [];
  const limit = methods.find((m) => m.id === method) ?? methods[0];
  const request: OnRampQuoteRequest = {
    purchaseCurrency: asset,
    paymentCurrency: currency,
    amount: amount.trim(),
    network: network?.caipNetworkId ?? '',
    paymentMethod: limit?.id ?? method,
  };
  const quote = state.quote && sameRequest(state.quote.request, request) ? state.quote : undefined;
  const loading = quote?.status === 'loading';
  const error = problem ?? (quote?.status === 'error' ? quote.error : undefined);
  // Any edit clears the last complaint; the quote shown belongs to the values shown (sameRequest).
  const edited = (set: (value: string) => void) => (value: string) => {
    set(value);
    setProblem(undefined);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const invalid = onRampAmountError(amount, limit, currency);
    if (invalid) return setProblem(invalid);
    void portico.onramp.quote(request);
  };
  const proceed = () =>
    openProviderWindow(portico, { provider, purchaseCurrency: asset, paymentCurrency: currency, amount, network: network?.caipNetworkId });

  return (
    <form className="portico-stack" onSubmit={submit} noValidate aria-busy={loading || undefined}>
      <div className="portico-row">
        <span>{provider.label}</span>
        <button type="button" className="portico-button portico-button-secondary portico-trailing" onClick={onChangeProvider}>
          {t('buy.changeProvider')}
        </button>
      </div>
      <SelectField
        label={t('buy.asset')}
        value={asset}
        onChange={edited(setAsset)}
        options={assets.map((a) => ({ value: a.symbol, label: `${a.name} (${a.symbol})` }))}
      />
      <SelectField label={t('buy.currency')} value={currency} onChange={edited(setCurrency)} options={currencies.map((c) => ({ value: c.id, label: c.id }))} />
      <SelectField
        label={t('buy.method')}
        value={limit?.id ?? method}
        onChange={edited(setMethod)}
        options={methods.map((m) => ({ value: m.id, label: paymentMethodLabel(t, m.id, PAYMENT_METHOD_LABELS[m.id] ?? m.id) }))}
      />
      <label htmlFor={ids.amount} className="portico-muted">
        {t('field.amount')}
      </label>
      <input
        id={ids.amount}
        className="portico-search"
        inputMode="decimal"
        autoComplete="off"
        placeholder="0.00"
        value={amount}
        aria-describedby={error ? `${ids.limits} ${ids.error}` : ids.limits}
        aria-invalid={error ? true : undefined}
        onChange={(event) => edited(setAmount)(event.target.value)}
      />
      {limit && (
        <p id={ids.limits} className="portico-muted">
          {t('buy.limits', { min: formatDecimal(limit.min, locale), max: formatDecimal(limit.max, locale), currency })}
        </p>
      )}
      {error && (
        <p id={ids.error} role="alert" className="portico-error-text">
          {error}
        </p>
      )}
      <button type="submit" className="portico-button portico-button-secondary portico-button-block" disabled={loading}>
        {loading ? t('buy.gettingQuote') : t('buy.getQuote')}
      </button>
      {quote?.status === 'ready' && quote.data && (
        <QuoteDetails quote={quote.data} sample={quote.sample} providerLabel={provider.label} openError={state.openError} onContinue={proceed} />
      )}
    </form>
  );
}

function sameRequest(a: OnRampQuoteRequest, b: OnRampQuoteRequest) {
  return (
    a.purchaseCurrency === b.purchaseCurrency &&
    a.paymentCurrency === b.paymentCurrency &&
    a.amount === b.amount &&
    a.network === b.network &&
    (a.paymentMethod ?? 'card') === (b.paymentMethod ?? 'card')
  );
}
