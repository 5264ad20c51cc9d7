import type { Store } from 'jotai/vanilla';
import * as z from 'zod/mini';
import { apiUrl, type ApiContext } from '../api/client';
import { HttpRequestError, requestJson } from '../api/http';
import { activeAccountAtom, activeNetworkAtom } from '../atoms';
import { DEBOUNCE_DEFAULT_MS } from '../constants';
import type { CaipNetwork } from '../network';
import { onRampAmountError, onRampPurchaseOngoing, onRampSessionId } from '../onramp-rules';
import {
  onRampAtom,
  type OnRampOptionsData,
  type OnRampProvider,
  type OnRampPurchase,
  type OnRampQuote,
  type OnRampQuoteRequest,
  type OnRampState,
} from '../onramp';

export interface OnRampController {
  /** Providers and options from the API; on failure, the spec's canned sample data (marked `sample`). */
  load(): Promise<void>;
  /**
   * Called on every edit of the purchase: the request is shown as pending at once (so no quote for older
   * values stays on screen); after the spec's 500 ms debounce, unless a newer call came, the method's limits
   * are checked and the API asked. Canned sample data when the call fails. An empty amount clears the quote.
   */
  quote(request: OnRampQuoteRequest): Promise<OnRampQuote | undefined>;
  /**
   * Asks the API for the provider's URL and hands it to `openWindow` (the view opens it: shared-state
   * has no DOM). The purchase then continues in the provider's window; for the API's demo provider its
   * session is followed (`opened.purchase`) until it completes, fails or expires.
   */
  openProvider(
    request: { provider: OnRampProvider; purchaseCurrency: string; paymentCurrency: string; amount: string; network?: string },
    openWindow: (url: string) => void,
  ): Promise<boolean>;
}

/** Spec section 9: sample limits card 10.00–7500.00, bank account 10.00–25000.00. */
const SAMPLE_LIMITS = [
  { id: 'card', min: '10.00', max: '7500.00' },
  { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
];
/** Spec section 9: on-ramp fee range 1-2% for the listed providers. */
const SAMPLE_FEE_RANGE = '1-2%';
/** Midpoint of the fee range, for the sample quote. */
const SAMPLE_FEE_RATE = 0.015;

/**
 * Canned sample data. Spec section 8 prescribes it: "On-ramp options or quote failures fall back to
 * canned sample data." Payment currencies USD and EUR with the sample limits (spec section 9); the
 * purchase currencies are the native currencies of the host's own networks, since the spec's sample
 * names no asset and a sample for a chain the site does not use would be useless.
 */
export function sampleOnRampOptions(networks: readonly CaipNetwork[]): OnRampOptionsData {
  const bySymbol = new Map<string, OnRampOptionsData['purchaseCurrencies'][number]>();
  for (const network of networks) {
    const { symbol, name } = network.nativeCurrency;
    const entry = bySymbol.get(symbol) ?? { id: symbol, name, symbol, networks: [] };
    entry.networks.push({ name: network.caipNetworkId, display_name: network.name, chain_id: String(network.id), contract_address: '' });
    bySymbol.set(symbol, entry);
  }
  return {
    purchaseCurrencies: [...bySymbol.values()],
    paymentCurrencies: ['USD', 'EUR'].map((id) => ({ id, payment_method_limits: SAMPLE_LIMITS.map((limit) => ({ ...limit })) })),
  };
}

/** Canned provider list when the API cannot be reached: the demo provider with the spec's fee range. */
export const SAMPLE_PROVIDERS: readonly OnRampProvider[] = [
  { label: 'Portico Pay (demo)', name: 'portico-demo', feeRange: SAMPLE_FEE_RANGE, url: '', supportedChains: [] },
];

/** Canned sample quote (spec section 8): the fee at the middle of the fee range; the crypto amount is left to the provider. */
export function sampleOnRampQuote(request: OnRampQuoteRequest): OnRampQuote {
  const cents = Math.round(Number(request.amount) * 100);
  const fee = Math.round(cents * SAMPLE_FEE_RATE);
  const money = (value: number) => ({ amount: (value / 100).toFixed(2), currency: request.paymentCurrency });
  return {
    paymentTotal: money(cents),
    paymentSubtotal: money(cents - fee),
    purchaseAmount: { amount: '', currency: request.purchaseCurrency },
    coinbaseFee: money(fee),
    networkFee: money(0),
    quoteId: 'sample-quote',
  };
}

/** How often the demo provider's session is asked about (Portico's own; the spec has no number for it). */
export const ONRAMP_PURCHASE_POLL_MS = 2_000;
/** Consecutive failed asks after which the purchase's status is given up as unknown. */
const POLL_FAILURES_ALLOWED = 5;

const moneySchema = z.object({ amount: z.string(), currency: z.string() });
/** GET /v1/onramp/sessions/:id (Portico's own): the demo provider's purchase session. */
const sessionSchema = z.object({
  status: z.enum(['created', 'processing', 'completed', 'failed', 'expired']),
  network: z.string(),
  txHash: z.nullable(z.string()),
  paymentTotal: z.nullable(moneySchema),
  purchaseAmount: z.nullable(moneySchema),
});

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A 4xx with a reason is the service saying no (e.g. a limit), not the service failing. */
function refusal(error: unknown): string | undefined {
  if (!(error instanceof HttpRequestError) || error.status === undefined || error.status < 400 || error.status >= 500) return undefined;
  const details = error.details ?? '';
  const match = /"error":"((?:[^"\\]|\\.)*)"/.exec(details);
  return match ? match[1]!.replace(/^amount: /, 'Amount: ') : 'The quote was refused';
}

export function createOnRampController(deps: {
  store: Store;
  api?: ApiContext;
  networks: readonly CaipNetwork[];
  /** Tests shorten the quote debounce and the purchase polling. */
  timing?: { debounceMs: number; pollMs: number };
}): OnRampController {
  const { store, api } = deps;
  const { debounceMs, pollMs } = deps.timing ?? { debounceMs: DEBOUNCE_DEFAULT_MS, pollMs: ONRAMP_PURCHASE_POLL_MS };
  const patch = (next: Partial<OnRampState>) => store.set(onRampAtom, { ...store.get(onRampAtom), ...next });
  const onramp = () => import('../api/onramp');
  let quoteSeq = 0;

  const explorerUrl = (caipNetworkId: string, hash: string | null) => {
    const base = deps.networks.find((network) => network.caipNetworkId === caipNetworkId)?.blockExplorers?.default.url;
    return base && hash ? `${base.replace(/\/$/, '')}/tx/${hash}` : undefined;
  };

  /** The session's status as the view words it. */
  async function askSession(context: ApiContext, session: string): Promise<OnRampPurchase> {
    const reply = await requestJson({ url: apiUrl(context, `v1/onramp/sessions/${session}`), schema: sessionSchema, fetch: context.fetch });
    return {
      status: reply.status === 'created' ? 'waiting' : reply.status,
      txHash: reply.txHash ?? undefined,
      explorerUrl: explorerUrl(reply.network, reply.txHash),
      paymentTotal: reply.paymentTotal ?? undefined,
      purchaseAmount: reply.purchaseAmount ?? undefined,
    };
  }

  /**
   * Follows the purchase opened at `url` until it ends, or until another purchase (or a new visit) replaces it:
   * the hand-off view then moves on by itself.
   */
  async function follow(context: ApiContext, url: string, session: string): Promise<void> {
    const opened = () => store.get(onRampAtom).opened;
    for (let failures = 0; ; ) {
      await sleep(pollMs);
      if (opened()?.url !== url) return;
      let purchase: OnRampPurchase;
      try {
        purchase = await askSession(context, session);
        failures = 0;
      } catch {
        if (++failures < POLL_FAILURES_ALLOWED) continue;
        purchase = { status: 'unknown' };
      }
      const current = opened();
      if (current?.url !== url) return;
      patch({ opened: { ...current, purchase } });
      if (!onRampPurchaseOngoing(purchase.status)) return;
    }
  }

  return {
    async load() {
      if (store.get(onRampAtom).status === 'loading') return;
      // A new visit starts over: no quote or provider window from the last one (its follower stops too).
      quoteSeq++;
      patch({ status: 'loading', openError: undefined, opened: undefined, quote: undefined });
      const client = await onramp();
      const [providers, options] = await Promise.allSettled([
        api ? client.fetchOnRampProviders(api) : Promise.reject(new Error('no apiUrl')),
        api ? client.fetchOnRampOptions(api) : Promise.reject(new Error('no apiUrl')),
      ]);
      patch({
        status: 'ready',
        providers: providers.status === 'fulfilled' ? providers.value : [...SAMPLE_PROVIDERS],
        // Spec section 8: options failure → canned sample data.
        options: options.status === 'fulfilled' ? options.value : sampleOnRampOptions(deps.networks),
        sample: providers.status === 'rejected' || options.status === 'rejected',
      });
    },

    async quote(request) {
      const seq = ++quoteSeq;
      if (request.amount.trim() === '') {
        patch({ quote: undefined });
        return undefined;
      }
      patch({ quote: { status: 'pending', request } });
      await sleep(debounceMs);
      // A newer edit took over: only its quote is asked for.
      if (seq !== quoteSeq) return undefined;
      const limit = store
        .get(onRampAtom)
        .options?.paymentCurrencies.find((currency) => currency.id === request.paymentCurrency)
        ?.payment_method_limits.find((method) => method.id === (request.paymentMethod ?? 'card'));
      const invalid = onRampAmountError(request.amount, limit, request.paymentCurrency);
      if (invalid) {
        patch({ quote: { status: 'error', request, error: invalid } });
        return undefined;
      }
      patch({ quote: { status: 'loading', request } });
      try {
        if (!api) throw new Error('no apiUrl');
        const data = await (await onramp()).fetchOnRampQuote(api, { ...request, amount: request.amount.trim() });
        if (seq === quoteSeq) patch({ quote: { status: 'ready', request, data } });
        return data;
      } catch (error) {
        if (seq !== quoteSeq) return undefined;
        const reason = refusal(error);
        if (reason) {
          patch({ quote: { status: 'error', request, error: reason } });
          return undefined;
        }
        // Spec section 8: quote failure → canned sample data.
        const data = sampleOnRampQuote(request);
        patch({ quote: { status: 'ready', request, data, sample: true } });
        return data;
      }
    },

    async openProvider(request, openWindow) {
      const account = store.get(activeAccountAtom);
      const network = request.network ?? store.get(activeNetworkAtom)?.caipNetworkId;
      const failed = (openError: string) => {
        patch({ openError });
        return false;
      };
      if (account.status !== 'connected' || !account.address || !network) return failed('Connect a wallet first');
      patch({ openError: undefined });
      try {
        if (!api) throw new Error('no apiUrl');
        const url = await (await onramp()).generateOnRampUrl(api, {
          destinationWallets: [{ address: account.address, blockchains: [network], assets: [request.purchaseCurrency] }],
          defaultNetwork: network,
          partnerUserId: account.address,
          defaultExperience: 'buy',
          presetFiatAmount: request.amount.trim(),
          fiatCurrency: request.paymentCurrency,
          provider: request.provider.name,
        });
        openWindow(url);
        const session = onRampSessionId(url);
        patch({ opened: { provider: request.provider.label, url, ...(session && { purchase: { status: 'waiting' } }) } });
        if (session) void follow(api, url, session);
        return true;
      } catch {
        return failed(`Could not open ${request.provider.label}. Try again.`);
      }
    },
  };
}
