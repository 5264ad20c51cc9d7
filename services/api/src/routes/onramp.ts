/**
 * On-ramp (spec sections 3, 7, 9): GET /v1/onramp/providers, GET /v1/onramp/options,
 * POST /v1/onramp/quote, POST /v1/generators/onrampurl, the local demo provider's pages
 * (GET /onramp-demo/?session=…, POST /onramp-demo/complete) that credit the buyer on chain, and
 * GET /v1/onramp/sessions/:id, where the modal follows a demo purchase to its end.
 */
import { randomBytes } from 'node:crypto';
import { isDemoChain } from '../chains/devchain';
import { Hono, type Context } from 'hono';
import type { Address } from 'viem';
import { z } from 'zod';
import type { AppEnv } from '../app';
import { chainNumber } from '../chains/config';
import { evmAddress } from '../http/chain';
import { HttpError } from '../http/errors';
import { CAIP2 } from '../http/params';
import { endpoint } from '../http/validate';
import {
  DEMO_PROVIDER_LABEL,
  DEMO_PROVIDER_NAME,
  FEE_RANGE,
  PAYMENT_CURRENCIES,
  PAYMENT_METHODS,
  onRampRuntime,
  type OnRampProviderConfig,
  type OnRampRuntime,
  type PaymentCurrency,
  type PaymentMethod,
} from '../onramp/config';
import { claimSession, confirmSession, deliverSession } from '../onramp/delivery';
import { PAGE_HEADERS, completePage, messagePage, purchasePage } from '../onramp/page';
import { computeQuote, findAsset } from '../onramp/quote';

const currencySchema = z.enum(PAYMENT_CURRENCIES, { error: `must be one of ${PAYMENT_CURRENCIES.join(', ')}` });
const methodSchema = z.enum(PAYMENT_METHODS.map((m) => m.id) as [PaymentMethod, ...PaymentMethod[]], {
  error: `must be one of ${PAYMENT_METHODS.map((m) => m.id).join(', ')}`,
});
/** A positive decimal amount, as text or number. */
const amountSchema = z
  .union([z.string(), z.number()], { error: 'must be a decimal amount' })
  .transform((v) => String(v).trim())
  .pipe(z.string().regex(/^\d{1,12}(\.\d{1,18})?$/, 'must be a decimal amount'));

const quoteBody = z.object({
  purchaseCurrency: z.string({ error: 'required' }).min(1, 'required').max(32),
  paymentCurrency: currencySchema,
  amount: amountSchema,
  network: z.string({ error: 'required' }).regex(CAIP2, 'must be a CAIP-2 network id'),
  /** Portico's own: which payment method's limits apply (default card). */
  paymentMethod: methodSchema.default('card'),
});

const urlBody = z.object({
  destinationWallets: z
    .array(
      z.object({
        address: evmAddress,
        blockchains: z.array(z.string().regex(CAIP2, 'must be CAIP-2 network ids')).min(1, 'at least one blockchain').max(20),
        assets: z.array(z.string().min(1).max(32)).max(20).optional(),
      }),
      { error: 'must be an array of wallets' },
    )
    .min(1, 'at least one wallet')
    .max(5, 'at most 5 wallets'),
  defaultNetwork: z.string().regex(CAIP2, 'must be a CAIP-2 network id').optional(),
  partnerUserId: z.string({ error: 'required' }).min(1, 'required').max(128),
  defaultExperience: z.literal('buy', { error: "must be 'buy'" }).default('buy'),
  presetCryptoAmount: amountSchema.optional(),
  presetFiatAmount: amountSchema.optional(),
  /** Portico's own: the payment currency chosen in the modal (default USD). */
  fiatCurrency: currencySchema.default('USD'),
  /** Portico's own: the provider's `name` (default the demo provider). */
  provider: z.string().max(64).optional(),
});

function runtime(c: Context<AppEnv>): OnRampRuntime {
  return (c.var.ctx.onramp ??= onRampRuntime());
}

/** Every provider, the demo one first (its url on this API's public origin). */
export function listProviders(c: Context<AppEnv>): OnRampProviderConfig[] {
  const rt = runtime(c);
  const base = c.var.ctx.publicUrl;
  const demo: OnRampProviderConfig[] = rt.demoProvider
    ? [
        {
          label: DEMO_PROVIDER_LABEL,
          name: DEMO_PROVIDER_NAME,
          feeRange: FEE_RANGE,
          url: `${base}/onramp-demo/`,
          supportedChains: c.var.ctx.chains.list().filter((e) => isDemoChain(e.config)).map((e) => e.config.caipNetworkId),
        },
      ]
    : [];
  return [...demo, ...rt.providers];
}

const sessionRow = z.object({
  id: z.string(),
  project_id: z.string(),
  address: z.string(),
  chain_id: z.string(),
  asset: z.string(),
  fiat_currency: z.string(),
  preset_fiat_amount: z.string().nullable(),
  status: z.string(),
  tx_hash: z.string().nullable(),
  payment_total: z.string().nullable(),
  purchase_amount: z.string().nullable(),
  expired: z.boolean(),
});
type SessionRow = z.infer<typeof sessionRow>;

const SESSION_ID = /^[A-Za-z0-9_-]{43}$/;
const sessionParams = z.object({ id: z.string().regex(SESSION_ID, 'not a purchase session') });

/** "100.00 USD" as stored → { amount, currency }; null before the purchase was claimed. */
function storedMoney(text: string | null): { amount: string; currency: string } | null {
  const [amount, currency] = (text ?? '').split(' ');
  return amount && currency ? { amount, currency } : null;
}

/** A session as the modal follows it: created (or expired unused), processing, completed or failed. */
function sessionStatus(s: SessionRow) {
  return {
    status: s.status === 'created' && s.expired ? 'expired' : s.status,
    network: s.chain_id,
    asset: s.asset,
    txHash: s.tx_hash,
    paymentTotal: storedMoney(s.payment_total),
    purchaseAmount: storedMoney(s.purchase_amount),
  };
}

async function loadSession(c: Context<AppEnv>, id: unknown): Promise<SessionRow | null> {
  if (typeof id !== 'string' || !SESSION_ID.test(id)) return null;
  const { rows } = await c.var.ctx.db.query(
    `SELECT id, project_id, address, chain_id, asset, fiat_currency, preset_fiat_amount, status, tx_hash, payment_total, purchase_amount,
            expires_at < now() AS expired
       FROM onramp_sessions WHERE id = $1`,
    [id],
  );
  return rows[0] ? sessionRow.parse(rows[0]) : null;
}

const html = (c: Context, body: string, status: 200 | 202 | 400 | 404 | 409 | 410 | 502 | 503 = 200) => c.html(body, status, PAGE_HEADERS);

const inProgressPage = (txHash: string) =>
  messagePage('Purchase in progress', `The payment ${txHash} has been sent and is waiting to be confirmed. Reload this page in a moment; it is never sent twice.`);
const failedPage = (txHash: string) =>
  messagePage('Purchase failed', `The delivering transaction ${txHash} reverted, so nothing was delivered. Start again from the wallet.`);


export function onRampRoutes() {
  const app = new Hono<AppEnv>();

  app.get('/v1/onramp/providers', endpoint({}, (c) => c.json({ providers: listProviders(c) })));

  app.get('/v1/onramp/options', endpoint({}, (c) => {
    // One purchase currency per symbol, with every configured chain that offers it.
    const bySymbol = new Map<string, { id: string; name: string; symbol: string; networks: { name: string; display_name: string; chain_id: string; contract_address: string }[] }>();
    for (const { config } of c.var.ctx.chains.list()) {
      const network = (contract: string) => ({ name: config.caipNetworkId, display_name: config.name, chain_id: String(chainNumber(config)), contract_address: contract });
      const assets = [
        { name: config.nativeCurrency.name, symbol: config.nativeCurrency.symbol, contract: '' },
        ...config.tokens.filter((t) => t.decimals > 0).map((t) => ({ name: t.name, symbol: t.symbol, contract: t.address })),
      ];
      for (const a of assets) {
        const key = a.symbol.toUpperCase();
        const entry = bySymbol.get(key) ?? { id: key, name: a.name, symbol: a.symbol, networks: [] };
        entry.networks.push(network(a.contract));
        bySymbol.set(key, entry);
      }
    }
    return c.json({
      purchaseCurrencies: [...bySymbol.values()],
      paymentCurrencies: PAYMENT_CURRENCIES.map((id) => ({
        id,
        payment_method_limits: PAYMENT_METHODS.map((m) => ({ id: m.id, min: m.min, max: m.max })),
      })),
    });
  }));

  app.post('/v1/onramp/quote', endpoint({ body: quoteBody }, async (c, { body }) => {
    const asset = findAsset(c.var.ctx.chains, body.network, body.purchaseCurrency);
    const { units: _units, ...quote } = await computeQuote(c.var.ctx.chains, runtime(c), {
      asset,
      paymentCurrency: body.paymentCurrency,
      amount: body.amount,
      paymentMethod: body.paymentMethod,
    });
    return c.json(quote);
  }));

  // Portico's own (the spec has no such route): the hand-off view polls it to move on by itself when the
  // purchase in the provider's window is done. Only the project that opened the session may read it.
  app.get('/v1/onramp/sessions/:id', endpoint({ params: sessionParams }, async (c, { params, project }) => {
    const found = await loadSession(c, params.id);
    if (found?.status === 'processing') await confirmSession(c.var.ctx.db, c.var.ctx.chains, found);
    const session = found?.status === 'processing' ? await loadSession(c, found.id) : found;
    if (!session || session.project_id !== project.projectId) throw new HttpError(404, 'id: no such purchase session');
    return c.json(sessionStatus(session));
  }));

  app.post('/v1/generators/onrampurl', endpoint({ body: urlBody }, async (c, { project, body }) => {
    const providers = listProviders(c);
    const provider = providers.find((p) => p.name === (body.provider ?? DEMO_PROVIDER_NAME));
    if (!provider) throw new HttpError(400, `provider: '${String(body.provider).slice(0, 64)}' is not configured`);
    const network = body.defaultNetwork ?? body.destinationWallets[0]!.blockchains[0]!;
    const wallet = body.destinationWallets.find((w) => w.blockchains.includes(network));
    if (!wallet) throw new HttpError(400, 'destinationWallets: no wallet lists the defaultNetwork');
    if (!provider.supportedChains.includes(network)) throw new HttpError(400, `defaultNetwork: ${network} is not supported by ${provider.label}`);
    const native = c.var.ctx.chains.get(network)?.config.nativeCurrency.symbol;
    const asset = findAsset(c.var.ctx.chains, network, wallet.assets?.[0] ?? native ?? '', 'destinationWallets.assets');

    if (provider.name !== DEMO_PROVIDER_NAME || !runtime(c).demoProvider) {
      // A configured provider of its own: hand over the purchase in its URL's query.
      const url = new URL(provider.url);
      url.searchParams.set('address', wallet.address);
      url.searchParams.set('network', network);
      url.searchParams.set('asset', asset.symbol);
      url.searchParams.set('partnerUserId', body.partnerUserId);
      if (body.presetFiatAmount) url.searchParams.set('fiatAmount', body.presetFiatAmount);
      if (body.presetCryptoAmount) url.searchParams.set('cryptoAmount', body.presetCryptoAmount);
      url.searchParams.set('fiatCurrency', body.fiatCurrency);
      return c.json({ url: url.toString() });
    }

    const id = randomBytes(32).toString('base64url');
    await c.var.ctx.db.query(
      `INSERT INTO onramp_sessions (id, project_id, provider, partner_user_id, address, chain_id, asset, fiat_currency,
                                    preset_fiat_amount, preset_crypto_amount, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, now() + ($11::int * interval '1 millisecond'))`,
      [id, project.projectId, provider.name, body.partnerUserId, wallet.address, network, asset.symbol, body.fiatCurrency,
        body.presetFiatAmount ?? null, body.presetCryptoAmount ?? null, runtime(c).sessionMs],
    );
    return c.json({ url: `${provider.url}?session=${id}` });
  }));

  // ---- The demo provider's site ----

  app.get('/onramp-demo', (c) => c.redirect(`/onramp-demo/${new URL(c.req.url).search}`, 301));

  app.get('/onramp-demo/', async (c) => {
    if (!runtime(c).demoProvider) return html(c, messagePage('Not available', 'The demo provider is turned off.'), 404);
    const found = await loadSession(c, c.req.query('session'));
    if (found?.status === 'processing') await confirmSession(c.var.ctx.db, c.var.ctx.chains, found);
    const session = found?.status === 'processing' ? await loadSession(c, found.id) : found;
    if (!session) return html(c, messagePage('Session not found', 'This purchase link is not valid. Start again from the wallet.'), 404);
    if (session.status === 'completed') return html(c, doneFromRow(session));
    if (session.status === 'failed') return html(c, failedPage(session.tx_hash ?? ''), 410);
    if (session.status === 'processing') return html(c, inProgressPage(session.tx_hash ?? ''), 202);
    if (session.expired) return html(c, messagePage('Session expired', 'This purchase link has expired. Start again from the wallet.'), 410);
    return html(c, purchasePage(view(c, session, session.preset_fiat_amount ?? '100.00', session.fiat_currency, 'card')));
  });

  app.post('/onramp-demo/complete', async (c) => {
    if (!runtime(c).demoProvider) return html(c, messagePage('Not available', 'The demo provider is turned off.'), 404);
    // A body that is no form (a broken multipart, say) is the sender's error, not the server's.
    const form = await c.req.parseBody().catch(() => undefined);
    if (!form) return html(c, messagePage('Bad request', 'The purchase form could not be read. Start again from the wallet.'), 400);
    const session = await loadSession(c, form.session);
    if (!session) return html(c, messagePage('Session not found', 'This purchase link is not valid. Start again from the wallet.'), 404);
    if (session.status === 'completed') return html(c, doneFromRow(session));
    if (session.status === 'failed') return html(c, failedPage(session.tx_hash ?? ''), 410);
    if (session.expired) return html(c, messagePage('Session expired', 'This purchase link has expired. Start again from the wallet.'), 410);
    const amount = typeof form.amount === 'string' ? form.amount.trim() : '';
    const currency = currencySchema.safeParse(form.currency);
    const method = methodSchema.safeParse(form.method);
    const fiat = currency.success ? currency.data : (session.fiat_currency as PaymentCurrency);
    const payWith = method.success ? method.data : 'card';
    const again = (message: string, status: 400 | 409 | 502 | 503) => html(c, purchasePage(view(c, session, amount, fiat, payWith), message), status);
    if (!currency.success || !method.success) return again('Choose a currency and a payment method.', 400);

    let quote: Awaited<ReturnType<typeof computeQuote>>;
    let asset: ReturnType<typeof findAsset>;
    try {
      asset = findAsset(c.var.ctx.chains, session.chain_id, session.asset);
      if (!isDemoChain(asset.entry.config)) return again('The demo provider pays on local development chains only.', 400);
      quote = await computeQuote(c.var.ctx.chains, runtime(c), { asset, paymentCurrency: fiat, amount, paymentMethod: payWith });
    } catch (err) {
      if (err instanceof HttpError) return again(err.message.replace(/^amount: /, 'Amount: '), err.status === 503 ? 503 : 400);
      throw err;
    }
    const usd = Number(quote.paymentTotal.amount) * runtime(c).fiatRates[fiat];
    const { demoPurchaseCapUsd, demoAddressCapUsd, fundingKey } = runtime(c);
    if (usd > demoPurchaseCapUsd) return again(`Amount: the demo provider sells at most ${demoPurchaseCapUsd.toFixed(2)} USD per purchase.`, 400);
    // Claim the session: a second submit (double click, another tab) never pays twice.
    const claim = await claimSession(c.var.ctx.db, {
      id: session.id,
      address: session.address,
      usd,
      paymentTotal: `${quote.paymentTotal.amount} ${quote.paymentTotal.currency}`,
      purchaseAmount: `${quote.purchaseAmount.amount} ${quote.purchaseAmount.currency}`,
    }, demoAddressCapUsd);
    if (claim === 'busy') return again('This purchase is already being processed.', 409);
    if (claim !== 'claimed') return again(claim.capExceeded, 400);
    let delivery: Awaited<ReturnType<typeof deliverSession>>;
    try {
      delivery = await deliverSession(c.var.ctx.db, fundingKey, session.id, asset, session.address as Address, quote.units);
    } catch (err) {
      c.var.ctx.log.warn('onramp delivery failed', { session: session.id.slice(0, 8), error: String((err as Error)?.message ?? err) });
      return again((err as Error).message, 502);
    }
    if (delivery.status === 'pending') return html(c, inProgressPage(delivery.txHash), 202);
    if (delivery.status === 'failed') return html(c, failedPage(delivery.txHash), 502);
    const txHash = delivery.txHash;
    return html(c, completePage({ quote, txHash, address: session.address }));
  });

  return app;
}

function view(c: Context<AppEnv>, s: SessionRow, amount: string, fiatCurrency: string, method: string) {
  const entry = c.var.ctx.chains.get(s.chain_id);
  return { id: s.id, address: s.address, chainId: s.chain_id, chainName: entry?.config.name ?? s.chain_id, asset: s.asset, fiatCurrency, amount, method };
}

function doneFromRow(s: SessionRow): string {
  const none = { amount: '', currency: '' };
  const dash = { amount: '—', currency: '' };
  return completePage({
    quote: { paymentTotal: storedMoney(s.payment_total) ?? none, purchaseAmount: storedMoney(s.purchase_amount) ?? none, coinbaseFee: dash, networkFee: dash },
    txHash: s.tx_hash ?? '',
    address: s.address,
  });
}
