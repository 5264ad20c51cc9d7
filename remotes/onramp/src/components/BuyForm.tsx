import { currentOnRampQuote, formatFiat, onRampPresets, PAYMENT_METHOD_LABELS } from '@portico/shared-state/onramp-rules';
import {
  activeNetworkAtom,
  onRampAtom,
  type OnRampProvider,
  type OnRampQuoteRequest,
  type PorticoViewProps,
} from '@portico/shared-state';
import { formatHuman } from '@portico/shared-state/amounts';
import { tokenImageUrl } from '@portico/shared-state/images';
import { AmountInput, TokenButton, TokenSheet, useLocale, useTokenSheet } from '@portico/ui';
import { useAtomValue } from 'jotai';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { paymentMethodLabel, useOnRampMessages } from '../messages';
import { ChoiceRow } from './ChoiceRow';
import { ProviderCard } from './ProviderCard';
import { openProviderWindow } from './provider-window';
import { QuoteDetails } from './QuoteDetails';

/**
 * The purchase with one provider (spec sections 3, 7, 8): "You pay" (amount and currency, presets, payment
 * method and its limits) and "You receive" (the asset), the quote under them as the amount is typed, then
 * the provider's page. `hidden` keeps the values while the hand-off view is shown.
 */
export function BuyForm({ portico, provider, onChangeProvider, hidden }: PorticoViewProps & { provider: OnRampProvider; onChangeProvider(): void; hidden?: boolean }) {
  const network = useAtomValue(activeNetworkAtom);
  const state = useAtomValue(onRampAtom);
  const t = useOnRampMessages();
  const { locale } = useLocale();
  const sheet = useTokenSheet<'currency' | 'asset'>();
  const { apiUrl } = portico.options;

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

  const methods = currencies.find((c) => c.id === currency)?.payment_method_limits ?? [];
  const limit = methods.find((m) => m.id === method) ?? methods[0];
  const request: OnRampQuoteRequest = useMemo(
    () => ({ purchaseCurrency: asset, paymentCurrency: currency, amount: amount.trim(), network: network?.caipNetworkId ?? '', paymentMethod: limit?.id ?? method }),
    [asset, currency, amount, network, limit, method],
  );
  // Every edit asks for a quote; the controller waits for the typing to stop and drops answers for older values.
  useEffect(() => {
    void portico.onramp.quote(request);
  }, [portico, request]);

  const quote = currentOnRampQuote(state.quote, request);
  const ready = quote?.status === 'ready' && quote.data ? quote.data : undefined;
  const received = ready?.purchaseAmount.amount;
  const currencyName = (id: string) => displayName(locale, id);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    openProviderWindow(portico, { provider, purchaseCurrency: asset, paymentCurrency: currency, amount, network: network?.caipNetworkId });
  };

  return (
    <div hidden={hidden}>
      {sheet.open === 'currency' && (
        <TokenSheet
          title={t('buy.selectCurrency')}
          options={currencies.map((c) => ({ key: c.id, symbol: c.id, name: currencyName(c.id), balance: '', iconUrl: tokenImageUrl(apiUrl, c.id), value: c.id }))}
          selectedKey={currency}
          onSelect={(id) => {
            setCurrency(id);
            sheet.close();
          }}
          onClose={sheet.close}
        />
      )}
      {sheet.open === 'asset' && (
        <TokenSheet
          title={t('buy.selectAsset')}
          options={assets.map((a) => ({ key: a.symbol, symbol: a.symbol, name: a.name, balance: '', iconUrl: tokenImageUrl(apiUrl, a.symbol), value: a.symbol }))}
          selectedKey={asset}
          onSelect={(symbol) => {
            setAsset(symbol);
            sheet.close();
          }}
          onClose={sheet.close}
        />
      )}
      <form className="portico-tx" hidden={Boolean(sheet.open)} onSubmit={submit} noValidate aria-busy={quote?.status === 'loading' || undefined}>
        {/* The chosen provider's card, as in the list: choosing it goes back to the list. */}
        <ProviderCard provider={provider} tag={t('buy.changeProvider')} onClick={onChangeProvider} />
        <div className="portico-swap-cards">
          <AmountInput
            label={t('field.amount')}
            value={amount}
            onChange={setAmount}
            placeholder="0.00"
            token={<TokenButton label={t('buy.currency')} token={{ symbol: currency, iconUrl: tokenImageUrl(apiUrl, currency) }} {...sheet.trigger('currency')} />}
            fiat={limit && t('buy.limits', { min: formatFiat(limit.min, currency, locale), max: formatFiat(limit.max, currency, locale) })}
            error={quote?.status === 'error' ? quote.error : undefined}
          />
          <ChoiceRow
            label={t('buy.presets')}
            choices={onRampPresets(limit).map((preset) => ({ value: preset, label: formatFiat(preset, currency, locale, true) }))}
            value={amount.trim()}
            onChange={setAmount}
          />
          <AmountInput
            label={t('quote.receive')}
            value={received ? formatHuman(received, locale) : ''}
            token={<TokenButton label={t('buy.asset')} token={asset ? { symbol: asset, iconUrl: tokenImageUrl(apiUrl, asset) } : undefined} {...sheet.trigger('asset')} />}
            fiat={ready && !received ? t('quote.receiveLater') : undefined}
          />
        </div>
        {methods.length > 1 && (
          <ChoiceRow
            label={t('buy.method')}
            choices={methods.map((m) => ({ value: m.id, label: paymentMethodLabel(t, m.id, PAYMENT_METHOD_LABELS[m.id] ?? m.id) }))}
            value={limit?.id ?? method}
            onChange={setMethod}
          />
        )}
        <QuoteDetails quote={quote} />
        <button type="submit" className="portico-button portico-button-block" disabled={!ready}>
          {t('quote.continue', { provider: provider.label })}
        </button>
        {state.openError && (
          <p role="alert" className="portico-error-text">
            {state.openError}
          </p>
        )}
        <p className="portico-muted">{t('quote.appearsInActivity')}</p>
      </form>
    </div>
  );
}

/** "US Dollar" for USD in the locale (Intl), or the code where Intl has no name. */
function displayName(locale: string, code: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'currency' }).of(code) ?? code;
  } catch {
    return code;
  }
}
