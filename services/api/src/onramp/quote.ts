/**
 * On-ramp quotes from the price table: the fiat amount paid, the provider fee (1–2 %, spec
 * section 9), the network fee (live gas price × gas of the transfer, at the native price), and the
 * crypto amount the rest buys. Money is computed in integer cents, crypto in base units.
 */
import { formatUnits, type Address } from 'viem';
import type { ChainEntry, ChainRuntime } from '../chains/runtime';
import { UpstreamError, UPSTREAM_UNAVAILABLE } from '../chains/rpc';
import { HttpError } from '../http/errors';
import { PAYMENT_CURRENCIES, PAYMENT_METHODS, type OnRampRuntime, type PaymentCurrency, type PaymentMethod } from './config';

export interface Money {
  amount: string;
  currency: string;
}

export interface OnRampQuote {
  paymentTotal: Money;
  paymentSubtotal: Money;
  purchaseAmount: Money;
  coinbaseFee: Money;
  networkFee: Money;
  quoteId: string;
}

/** What is bought: the chain's native currency or one of its configured tokens. */
export interface OnRampAsset {
  entry: ChainEntry;
  symbol: string;
  decimals: number;
  /** Token contract; absent for the native currency. */
  address?: Address;
}

/** The asset `symbol` on the chain `network` (CAIP-2), or a 400 naming the field. */
export function findAsset(chains: ChainRuntime, network: string, symbol: string, field = 'purchaseCurrency'): OnRampAsset {
  const entry = chains.get(network);
  if (!entry) throw new HttpError(400, `network: '${network.slice(0, 64)}' is not a supported network`);
  const native = entry.config.nativeCurrency;
  if (symbol.toUpperCase() === native.symbol.toUpperCase()) return { entry, symbol: native.symbol, decimals: native.decimals };
  const token = entry.config.tokens.find((t) => t.symbol.toUpperCase() === symbol.toUpperCase() && t.decimals > 0);
  if (!token) throw new HttpError(400, `${field}: '${symbol.slice(0, 32)}' is not offered on ${network}`);
  return { entry, symbol: token.symbol, decimals: token.decimals, address: token.address as Address };
}

/** '100', '100.5', '100.50' → cents; anything else → null. */
export function toCents(text: string): bigint | null {
  const m = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  return BigInt(m[1]!) * 100n + BigInt((m[2] ?? '').padEnd(2, '0'));
}

export const centsText = (cents: bigint) => `${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`;

/** The payment amount checked against the method's limits (spec section 9), else a 400 with the reason. */
export function checkLimits(amount: string, currency: PaymentCurrency, method: PaymentMethod): bigint {
  const cents = toCents(amount);
  if (cents === null) throw new HttpError(400, 'amount: must be a decimal amount with at most 2 decimals');
  const limit = PAYMENT_METHODS.find((m) => m.id === method)!;
  if (cents < toCents(limit.min)!) throw new HttpError(400, `amount: below the minimum of ${limit.min} ${currency} for ${method}`);
  if (cents > toCents(limit.max)!) throw new HttpError(400, `amount: above the maximum of ${limit.max} ${currency} for ${method}`);
  return cents;
}

const MICRO = 1_000_000;
/** Gas of the delivering transaction: a plain transfer, or an ERC-20 transfer (generous). */
const GAS = { native: 21_000n, token: 65_000n };
/** Crypto amounts are quoted (and delivered) to at most 8 decimals. */
const MAX_QUOTE_DECIMALS = 8;

export async function computeQuote(
  chains: ChainRuntime,
  onramp: OnRampRuntime,
  request: { asset: OnRampAsset; paymentCurrency: PaymentCurrency; amount: string; paymentMethod: PaymentMethod },
): Promise<OnRampQuote & { units: bigint }> {
  const { asset, paymentCurrency: currency, paymentMethod } = request;
  if (!PAYMENT_CURRENCIES.includes(currency)) throw new HttpError(400, `paymentCurrency: must be one of ${PAYMENT_CURRENCIES.join(', ')}`);
  const totalCents = checkLimits(request.amount, currency, paymentMethod);
  const method = PAYMENT_METHODS.find((m) => m.id === paymentMethod)!;
  const usdPerFiat = onramp.fiatRates[currency];
  const native = asset.entry.config.nativeCurrency;
  const chainId = asset.entry.config.caipNetworkId;
  const [assetPrice, nativePrice] = await chains.priceSource.getPrices(
    [
      { chainId, address: asset.address, symbol: asset.symbol },
      { chainId, symbol: native.symbol },
    ],
    'usd',
  );
  if (!assetPrice) throw new HttpError(400, `purchaseCurrency: no price for ${asset.symbol}`);

  let gasPrice: bigint;
  try {
    gasPrice = BigInt(await asset.entry.rpc.call<string>('eth_gasPrice'));
  } catch (err) {
    if (err instanceof UpstreamError) throw new HttpError(503, UPSTREAM_UNAVAILABLE);
    throw err;
  }
  const gasWei = gasPrice * (asset.address ? GAS.token : GAS.native);
  // Network fee in fiat cents, rounded up, at least one cent.
  const feeUsdMicro = (gasWei * BigInt(Math.round((nativePrice ?? 0) * MICRO))) / 10n ** BigInt(native.decimals);
  let networkCents = (feeUsdMicro * 100n + BigInt(Math.round(usdPerFiat * MICRO)) - 1n) / BigInt(Math.round(usdPerFiat * MICRO));
  if (networkCents < 1n) networkCents = 1n;
  const feeCents = (totalCents * BigInt(method.feeBasisPoints) + 5_000n) / 10_000n;
  const subtotalCents = totalCents - feeCents - networkCents;
  if (subtotalCents <= 0n) throw new HttpError(400, 'amount: too small to cover the fees');

  // units = subtotal (fiat) × USD per fiat ÷ USD price, in the asset's base units, cut to 8 decimals.
  const scale = 10n ** BigInt(asset.decimals);
  let units = (subtotalCents * BigInt(Math.round(usdPerFiat * MICRO)) * scale) / (100n * BigInt(Math.round(assetPrice * MICRO)));
  if (asset.decimals > MAX_QUOTE_DECIMALS) {
    const cut = 10n ** BigInt(asset.decimals - MAX_QUOTE_DECIMALS);
    units = (units / cut) * cut;
  }
  const money = (cents: bigint): Money => ({ amount: centsText(cents), currency });
  return {
    paymentTotal: money(totalCents),
    paymentSubtotal: money(subtotalCents),
    purchaseAmount: { amount: formatUnits(units, asset.decimals), currency: asset.symbol },
    coinbaseFee: money(feeCents),
    networkFee: money(networkCents),
    quoteId: crypto.randomUUID(),
    units,
  };
}
