import {
  activeAccountAtom,
  activeNetworkAtom,
  onRampAmountError,
  onRampAtom,
  PAYMENT_METHOD_LABELS,
  type OnRampMoney,
  type OnRampProvider,
  type OnRampQuoteRequest,
  type PorticoViewProps,
} from '@portico/shared-state';
import { useAtomValue } from 'jotai';
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';

declare const __PORTICO_CONTRACT__: number;
export const porticoContract = __PORTICO_CONTRACT__;
declare const __PORTICO_UI_CONTRACT__: number;
export const porticoUiContract = __PORTICO_UI_CONTRACT__;

/**
 * Buy crypto (spec sections 3, 7, 8): pick a provider, the asset, currency, payment method and
 * amount within the method's limits, get a quote (fee, subtotal, total), then continue on the
 * provider's page in a new window. The purchase then shows in Activity.
 */
export default function OnRampProviders({ portico }: PorticoViewProps) {
  const account = useAtomValue(activeAccountAtom);
  const network = useAtomValue(activeNetworkAtom);
  const state = useAtomValue(onRampAtom);
  const [provider, setProvider] = useState<OnRampProvider>();

  useEffect(() => {
    void portico.onramp.load();
  }, [portico]);

  if (account.status !== 'connected' || !account.address) {
    return (
      <div className="portico-panel">
        <p className="portico-muted">{account.status === 'connecting' ? 'Reconnecting…' : 'Connect a wallet to buy crypto.'}</p>
      </div>
    );
  }
  if (state.status !== 'ready') {
    return (
      <div className="portico-panel" role="status">
        <span className="portico-spinner" aria-hidden="true" />
        <p>Loading providers…</p>
      </div>
    );
  }

  const sampleNote = state.sample && (
    <p className="portico-muted" role="note">
      Showing sample data: the on-ramp service could not be reached. Limits and fees are examples.
    </p>
  );
  const providers = state.providers.filter(
    (p) => p.supportedChains.length === 0 || !network || p.supportedChains.includes(network.caipNetworkId),
  );

  if (!provider) {
    return (
      <div className="portico-stack">
        {sampleNote}
        <p className="portico-muted" id="portico-onramp-providers">
          Choose a provider
        </p>
        {providers.length === 0 ? (
          <p className="portico-muted">No provider supports {network?.name ?? 'this network'}.</p>
        ) : (
          <ul className="portico-list" aria-labelledby="portico-onramp-providers" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {providers.map((p) => (
              <li key={p.name}>
                <button type="button" className="portico-list-item" style={{ width: '100%' }} onClick={() => setProvider(p)}>
                  <span>{p.label}</span>
                  <span className="portico-muted" style={{ marginLeft: 'auto' }}>
                    Fees {p.feeRange}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    );
  }

  if (state.opened) {
    return (
      <div className="portico-panel">
        <div role="status" className="portico-stack">
          <p>Continue in the {state.opened.provider} window.</p>
          <p className="portico-muted">When the purchase is done, it appears in Activity.</p>
        </div>
        <button type="button" className="portico-button portico-button-block" onClick={() => portico.router.goBack()}>
          Back to account
        </button>
      </div>
    );
  }

  return (
    <div className="portico-stack">
      {sampleNote}
      <BuyForm portico={portico} provider={provider} onChangeProvider={() => setProvider(undefined)} />
    </div>
  );
}

function BuyForm({ portico, provider, onChangeProvider }: PorticoViewProps & { provider: OnRampProvider; onChangeProvider(): void }) {
  const network = useAtomValue(activeNetworkAtom);
  const state = useAtomValue(onRampAtom);
  const ids = { asset: useId(), currency: useId(), method: useId(), amount: useId(), limits: useId(), error: useId() };

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
  const error = problem ?? (quote?.status === 'error' ? quote.error : undefined);
  const edit = (apply: () => void) => {
    apply();
    setProblem(undefined);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const invalid = onRampAmountError(amount, limit, currency);
    if (invalid) return setProblem(invalid);
    void portico.onramp.quote(request);
  };

  const proceed = () => {
    // Opened now, inside the click, so no popup blocker stops it; it goes to the provider once the URL is known.
    const popup = window.open('', '_blank');
    void portico.onramp
      .openProvider({ provider, purchaseCurrency: asset, paymentCurrency: currency, amount, network: network?.caipNetworkId }, (url) => {
        if (popup) {
          popup.opener = null;
          popup.location.href = url;
        } else {
          window.open(url, '_blank', 'noopener,noreferrer');
        }
      })
      .then((opened) => {
        if (!opened) popup?.close();
      });
  };

  return (
    <form className="portico-stack" onSubmit={submit} noValidate aria-busy={quote?.status === 'loading' || undefined}>
      <div className="portico-row">
        <span>{provider.label}</span>
        <button type="button" className="portico-button portico-button-secondary" style={{ marginLeft: 'auto' }} onClick={onChangeProvider}>
          Change provider
        </button>
      </div>

      <label htmlFor={ids.asset} className="portico-muted">
        Buy
      </label>
      <select id={ids.asset} className="portico-search" value={asset} onChange={(e) => edit(() => setAsset(e.target.value))}>
        {assets.map((a) => (
          <option key={a.id} value={a.symbol}>
            {a.name} ({a.symbol})
          </option>
        ))}
      </select>

      <label htmlFor={ids.currency} className="portico-muted">
        Currency
      </label>
      <select id={ids.currency} className="portico-search" value={currency} onChange={(e) => edit(() => setCurrency(e.target.value))}>
        {currencies.map((c) => (
          <option key={c.id} value={c.id}>
            {c.id}
          </option>
        ))}
      </select>

      <label htmlFor={ids.method} className="portico-muted">
        Payment method
      </label>
      <select id={ids.method} className="portico-search" value={limit?.id ?? method} onChange={(e) => edit(() => setMethod(e.target.value))}>
        {methods.map((m) => (
          <option key={m.id} value={m.id}>
            {PAYMENT_METHOD_LABELS[m.id] ?? m.id}
          </option>
        ))}
      </select>

      <label htmlFor={ids.amount} className="portico-muted">
        Amount
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
        onChange={(e) => edit(() => setAmount(e.target.value))}
      />
      {limit && (
        <p id={ids.limits} className="portico-muted">
          Limits: {limit.min}–{limit.max} {currency}
        </p>
      )}
      {error && (
        <p id={ids.error} role="alert" className="portico-error-text">
          {error}
        </p>
      )}

      <button type="submit" className="portico-button portico-button-secondary portico-button-block" disabled={quote?.status === 'loading'}>
        {quote?.status === 'loading' ? 'Getting quote…' : 'Get quote'}
      </button>

      {quote?.status === 'ready' && quote.data && (
        <section aria-label="Quote" className="portico-stack">
          {quote.sample && (
            <p className="portico-muted" role="note">
              Sample quote: the quote service could not be reached. The provider shows the final price.
            </p>
          )}
          <dl className="portico-list" style={{ margin: 0 }}>
            {(
              [
                ['Fee', money(quote.data.coinbaseFee)],
                ['Network fee', money(quote.data.networkFee)],
                ['Subtotal', money(quote.data.paymentSubtotal)],
                ['Total', money(quote.data.paymentTotal)],
                ['You receive', quote.data.purchaseAmount.amount ? money(quote.data.purchaseAmount) : 'Shown by the provider'],
              ] as const
            ).map(([term, detail]) => (
              <div key={term} className="portico-list-item" style={{ justifyContent: 'space-between', cursor: 'default' }}>
                <dt className="portico-muted">{term}</dt>
                <dd style={{ margin: 0 }}>{detail}</dd>
              </div>
            ))}
          </dl>
          <button type="button" className="portico-button portico-button-block" onClick={proceed}>
            Continue to {provider.label}
          </button>
          {state.openError && (
            <p role="alert" className="portico-error-text">
              {state.openError}
            </p>
          )}
          <p className="portico-muted">The purchase appears in Activity when it is done.</p>
        </section>
      )}
    </form>
  );
}

const money = (m: OnRampMoney) => `${m.amount} ${m.currency}`;

function sameRequest(a: OnRampQuoteRequest, b: OnRampQuoteRequest) {
  return (
    a.purchaseCurrency === b.purchaseCurrency &&
    a.paymentCurrency === b.paymentCurrency &&
    a.amount === b.amount &&
    a.network === b.network &&
    (a.paymentMethod ?? 'card') === (b.paymentMethod ?? 'card')
  );
}
