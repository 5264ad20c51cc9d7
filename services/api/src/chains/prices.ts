/**
 * Prices. The API asks a `PriceSource`; the local default is a STATIC table (no market data
 * offline). Operators put a real source (their own feed, an oracle reader, a provider's API)
 * behind the same interface and pass it to `startApi({ priceSource })`.
 */

export interface PriceQuery {
  /** CAIP-2 chain id, e.g. 'eip155:31337'. */
  chainId: string;
  /** Token contract; absent for the native currency. */
  address?: string;
  symbol: string;
}

export interface PriceSource {
  /** One price per query, in `currency` (only 'usd' today); null when unknown. */
  getPrices(queries: PriceQuery[], currency: 'usd'): Promise<(number | null)[]>;
}

/**
 * The static local default (USD): ETH 3000, SOL 150, PUSD 1 (a dollar stablecoin on both namespaces: the devchain's
 * ERC-20 and the local SVM's SPL mint share the symbol), PTK 2.5.
 */
export const DEFAULT_PRICES: Readonly<Record<string, number>> = Object.freeze({ ETH: 3000, SOL: 150, PUSD: 1, PTK: 2.5 });

/** Prices by symbol (case-insensitive) from a fixed table. */
export function staticPriceSource(table: Record<string, number> = DEFAULT_PRICES): PriceSource {
  const bySymbol = new Map(Object.entries(table).map(([k, v]) => [k.toUpperCase(), v]));
  return {
    async getPrices(queries) {
      return queries.map((q) => bySymbol.get(q.symbol.toUpperCase()) ?? null);
    },
  };
}
