/**
 * The static price table: native currencies of both namespaces (ETH, SOL) and PUSD, the dollar stablecoin that
 * the devchain (ERC-20) and the local SVM (SPL mint) both carry, priced by symbol; unknown symbols have no price.
 */
import { describe, expect, test } from '@rstest/core';
import { PUSD_MINT, SOLANA_LOCAL_CAIP2 } from '@portico/solana-rpc/accounts';
import { DEFAULT_PRICES, staticPriceSource } from '../src/chains/prices';

describe('static prices', () => {
  test('SOL and the SPL PUSD on a solana chain, ETH and the ERC-20 PUSD on an eip155 chain', async () => {
    const prices = await staticPriceSource().getPrices(
      [
        { chainId: SOLANA_LOCAL_CAIP2, symbol: 'SOL' },
        { chainId: SOLANA_LOCAL_CAIP2, address: PUSD_MINT.address, symbol: PUSD_MINT.symbol },
        { chainId: 'eip155:31337', symbol: 'ETH' },
        { chainId: 'eip155:31337', address: '0x5FbDB2315678afecb367f032d93F642f64180aa3', symbol: 'PUSD' },
      ],
      'usd',
    );
    expect(prices).toEqual([150, 1, 3000, 1]);
  });

  test('symbols match case-insensitively; an unknown one has no price', async () => {
    expect(await staticPriceSource().getPrices([{ chainId: SOLANA_LOCAL_CAIP2, symbol: 'sol' }, { chainId: SOLANA_LOCAL_CAIP2, symbol: 'BONK' }], 'usd')).toEqual([150, null]);
  });

  test('an operator table merged over the default overrides SOL and keeps the rest', async () => {
    const source = staticPriceSource({ ...DEFAULT_PRICES, SOL: 200 });
    expect(await source.getPrices([{ chainId: SOLANA_LOCAL_CAIP2, symbol: 'SOL' }, { chainId: 'eip155:1', symbol: 'ETH' }], 'usd')).toEqual([200, 3000]);
  });
});
