/**
 * ERC-7811 wallet_getAssets through the embedded provider (embedded/wallet-assets.ts, provider.ts): spec §5's asset
 * rule — string address and balance, type ERC20 or NATIVE, metadata with string name, symbol and iconUrl and numeric
 * decimals and price — drops every asset that breaks it, whatever the frame answered.
 */
import { afterEach, beforeEach, describe, expect, it, rs } from '@rstest/core';
import { createEmbeddedProvider } from '../src/embedded/provider';
import { isValidWalletAsset, validWalletAssets } from '../src/embedded/wallet-assets';
import { track, wiredChannels } from './embedded-fakes';

const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const native = { address: 'native', balance: '0x8ac7230489e80000', type: 'NATIVE', metadata: { name: 'Ether', symbol: 'ETH', decimals: 18, price: 3000, iconUrl: 'https://api.example/eth.png', value: 30000 } };
const pusd = { address: '0x5FbDB2315678afecb367f032d93F642f64180aa3', balance: '0x16e360', type: 'ERC20', metadata: { name: 'Portico USD', symbol: 'PUSD', decimals: 6, price: 1, iconUrl: '' } };

describe("spec §5's asset rule", () => {
  it('a native coin and an ERC-20 with the required fields are valid (extra fields kept)', () => {
    expect(isValidWalletAsset(native)).toBe(true);
    expect(isValidWalletAsset(pusd)).toBe(true);
  });

  it('each broken field makes an asset invalid', () => {
    const broken = [
      { ...pusd, address: 42 },
      { ...pusd, balance: 1_500_000 },
      { ...pusd, type: 'ERC721' },
      { ...pusd, type: 'erc20' },
      { ...pusd, metadata: undefined },
      { ...pusd, metadata: { ...pusd.metadata, name: null } },
      { ...pusd, metadata: { ...pusd.metadata, symbol: 1 } },
      { ...pusd, metadata: { ...pusd.metadata, iconUrl: undefined } },
      { ...pusd, metadata: { ...pusd.metadata, decimals: '6' } },
      { ...pusd, metadata: { ...pusd.metadata, price: '1' } },
      'PUSD',
      null,
    ];
    for (const asset of broken) expect([asset, isValidWalletAsset(asset)]).toEqual([asset, false]);
  });

  it('invalid assets are dropped, as are chains whose entry is not a list; a reply that is no map is empty', () => {
    expect(validWalletAssets({ '0x7a69': [native, { ...pusd, type: 'ERC1155' }, pusd], '0x1': 'none' })).toEqual({ '0x7a69': [native, pusd] });
    expect(validWalletAssets([native])).toEqual({});
    expect(validWalletAssets(null)).toEqual({});
  });
});

describe('wallet_getAssets through the embedded provider', () => {
  beforeEach(() => {
    rs.useFakeTimers();
  });
  afterEach(() => {
    rs.useRealTimers();
  });

  it('a safe method: no approval, forwarded as it is; the host gets only the valid assets', async () => {
    const forwarded: unknown[] = [];
    const { channel } = await wiredChannels({
      handlers: {
        RPC_REQUEST: (payload) => {
          forwarded.push(payload);
          return { result: { '0x7a69': [native, { ...pusd, metadata: { ...pusd.metadata, price: null } }, pusd] } };
        },
      },
    });
    const approved: string[] = [];
    const provider = createEmbeddedProvider({ channel, account: () => ACCOUNT, chainId: () => 31337, onNotAllowed: () => {}, onApproved: (method) => approved.push(method) });
    const params = [{ account: ACCOUNT, chainFilter: ['0x7a69'] }];
    const reply = track(provider.request({ method: 'wallet_getAssets', params }));
    await rs.advanceTimersByTimeAsync(5);
    expect(reply).toEqual({ done: true, value: { '0x7a69': [native, pusd] } });
    expect(forwarded).toEqual([{ method: 'wallet_getAssets', params, chainId: 31337 }]);
    expect(approved).toEqual([]);
  });
});
