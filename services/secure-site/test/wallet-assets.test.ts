/**
 * ERC-7811 wallet_getAssets from the API's balances (src/page/wallet-assets.ts): the API's items as assets, spec §5's
 * rule dropping the ones that break it, the filters, and only the active account.
 */
import { describe, expect, test } from '@rstest/core';
import { assetOfBalance, walletAssets } from '../src/page/wallet-assets';

const ACCOUNT = '0x1111111111111111111111111111111111111111';
const PUSD = '0x2222222222222222222222222222222222222222';

const ether = { name: 'Ether', symbol: 'ETH', chainId: 'eip155:31337', value: 30_000, price: 3_000, quantity: { decimals: '18', numeric: '10' }, iconUrl: 'http://api/v1/token-images/ETH' };
const pusd = { name: 'Portico USD', symbol: 'PUSD', chainId: 'eip155:31337', address: `eip155:31337:${PUSD}`, value: 1.5, price: 1, quantity: { decimals: '6', numeric: '1.5' }, iconUrl: 'http://api/v1/token-images/PUSD' };

/** The API double: the same items on every chain, and which chains were asked. */
function api(items: unknown[]) {
  const asked: [string, number][] = [];
  return {
    asked,
    balances: async (address: string, chainId: number) => (asked.push([address, chainId]), { balances: items }),
  };
}

describe('an API balance item as an asset', () => {
  test('the native coin and a token, balances in hex base units, metadata with its price and value', () => {
    expect(assetOfBalance(ether)).toEqual({
      address: 'native',
      balance: '0x8ac7230489e80000',
      type: 'NATIVE',
      metadata: { name: 'Ether', symbol: 'ETH', decimals: 18, price: 3_000, iconUrl: 'http://api/v1/token-images/ETH', value: 30_000 },
    });
    expect(assetOfBalance(pusd)).toMatchObject({ address: PUSD, balance: '0x16e360', type: 'ERC20', metadata: { symbol: 'PUSD', decimals: 6, price: 1 } });
  });

  test("spec §5: an item without a string name, symbol or iconUrl, or a numeric price, is no asset", () => {
    expect(assetOfBalance({ ...pusd, name: 7 })).toBeUndefined();
    expect(assetOfBalance({ ...pusd, symbol: undefined })).toBeUndefined();
    expect(assetOfBalance({ ...pusd, iconUrl: null })).toBeUndefined();
    expect(assetOfBalance({ ...pusd, price: '1' })).toBeUndefined();
    expect(assetOfBalance({ ...pusd, quantity: { decimals: '6', numeric: 'lots' } })).toBeUndefined();
    expect(assetOfBalance('PUSD')).toBeUndefined();
  });
});

describe('wallet_getAssets', () => {
  test("the wallet's chain by default, keyed by its hex id; invalid assets dropped", async () => {
    const balances = api([ether, { ...pusd, price: null }, pusd]);
    const reply = await walletAssets(balances, [{ account: ACCOUNT }], { address: ACCOUNT }, 31337);
    expect(Object.keys(reply)).toEqual(['0x7a69']);
    expect(reply['0x7a69']!.map((asset) => asset.metadata.symbol)).toEqual(['ETH', 'PUSD']);
    expect(balances.asked).toEqual([[ACCOUNT, 31337]]);
  });

  test('chainFilter, assetTypeFilter and assetFilter', async () => {
    const balances = api([ether, pusd]);
    const both = await walletAssets(balances, [{ account: ACCOUNT, chainFilter: ['0x7a69', '0x7a6a'] }], { address: ACCOUNT }, 31337);
    expect(Object.keys(both)).toEqual(['0x7a69', '0x7a6a']);
    const tokens = await walletAssets(balances, [{ account: ACCOUNT, assetTypeFilter: ['ERC20'] }], { address: ACCOUNT }, 31337);
    expect(tokens['0x7a69']!.map((asset) => asset.type)).toEqual(['ERC20']);
    const listed = await walletAssets(balances, [{ account: ACCOUNT, assetFilter: { '0x7a6a': [{ address: 'native', type: 'NATIVE' }] } }], { address: ACCOUNT }, 31337);
    expect(listed).toEqual({ '0x7a6a': [expect.objectContaining({ address: 'native' })] });
  });

  test("another account, bad params or an API reply off its contract are refused", async () => {
    const balances = api([ether]);
    await expect(walletAssets(balances, [{ account: PUSD }], { address: ACCOUNT }, 31337)).rejects.toMatchObject({ code: -32602, message: `wallet_getAssets: ${PUSD} is not this wallet's address` });
    await expect(walletAssets(balances, [{ account: ACCOUNT, chainFilter: ['31337'] }], { address: ACCOUNT }, 31337)).rejects.toMatchObject({ code: -32602 });
    await expect(walletAssets(balances, [], { address: ACCOUNT }, 31337)).rejects.toMatchObject({ code: -32602 });
    await expect(walletAssets({ balances: async () => ({ items: [] }) }, [{ account: ACCOUNT }], { address: ACCOUNT }, 31337)).rejects.toThrow(
      'The Portico API gave an unexpected answer (balances: ',
    );
  });
});
