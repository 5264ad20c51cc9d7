/**
 * On-ramp against a REAL anvil: providers, options, quotes (fee 1–2 %, limits), the URL generator
 * and the demo provider's pages, whose "Complete purchase" really credits the buyer on chain.
 */
import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { erc20Abi, formatEther, parseEther, parseUnits, type Address } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import type { RunningApi } from '../src/server';
import { DEFAULT_FUNDING_KEY, onRampRuntime } from '../src/onramp/config';
import { isDemoChain } from '../src/chains/devchain';
import { PAGE_CSP } from '../src/onramp/page';
import { clients, deploy, startAnvil, type Anvil } from './chain-helpers';
import { getJson, PROJECT, start } from './helpers';

const CHAIN = 'eip155:31337';
const FUNDER = privateKeyToAccount(DEFAULT_FUNDING_KEY).address;

let anvil: Anvil;
let api: RunningApi;
let PUSD: Address;

const fresh = () => privateKeyToAccount(generatePrivateKey()).address;
const u = (path: string) => `${api.url}${path}${path.includes('?') ? '&' : '?'}projectId=${PROJECT}`;
const post = (url: string, body: unknown) =>
  getJson(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body) });
const form = (fields: Record<string, string>) =>
  fetch(`${api.url}/onramp-demo/complete`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });

async function sessionUrl(address: Address, extra: Record<string, unknown> = {}) {
  const r = await post(u('/v1/generators/onrampurl'), {
    destinationWallets: [{ address, blockchains: [CHAIN], assets: ['ETH'] }],
    defaultNetwork: CHAIN,
    partnerUserId: address,
    defaultExperience: 'buy',
    presetFiatAmount: '100',
    ...extra,
  });
  expect(r.status).toBe(200);
  return new URL(r.body.url as string);
}

beforeAll(async () => {
  anvil = await startAnvil({ chainId: 31337 });
  PUSD = await deploy(anvil, 'TestERC20', ['Portico USD', 'PUSD', 6, parseUnits('1000000', 6)]);
  // The demo provider's inventory of PUSD: 1,000 (the funder holds no more).
  const { wallet, publicClient } = clients(anvil);
  const hash = await wallet(0).writeContract({ address: PUSD, abi: erc20Abi, functionName: 'transfer', args: [FUNDER, parseUnits('1000', 6)] });
  await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  api = await start({
    indexer: { enabled: false },
    chains: [
      {
        caipNetworkId: CHAIN,
        name: 'Anvil',
        rpcUrl: anvil.rpcUrl,
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        tokens: [{ address: PUSD, symbol: 'PUSD', name: 'Portico USD', decimals: 6 }],
        localDevchain: true,
      },
    ],
    development: true,
    // Caps chosen for the tests below: 5,000 USD a purchase, 2,100 USD an address a day.
    onramp: { demoPurchaseCapUsd: 5_000, demoAddressCapUsd: 2_100, providers: [{ label: 'Other Pay', name: 'other-pay', feeRange: '1-2%', url: 'https://pay.example/buy', supportedChains: [CHAIN] }] },
  });
}, 120_000);

afterAll(async () => {
  await api?.close();
  await anvil?.stop();
});

describe('providers and options', () => {
  test('providers: the demo provider first (on this API), then the configured ones', async () => {
    const r = await getJson(u('/v1/onramp/providers'));
    expect(r.status).toBe(200);
    expect(r.body.providers).toEqual([
      { label: 'Portico Pay (demo)', name: 'portico-demo', feeRange: '1-2%', url: `${api.url}/onramp-demo/`, supportedChains: [CHAIN] },
      { label: 'Other Pay', name: 'other-pay', feeRange: '1-2%', url: 'https://pay.example/buy', supportedChains: [CHAIN] },
    ]);
  });

  test('options: configured chain assets; USD and EUR with the spec limits', async () => {
    const r = await getJson(u('/v1/onramp/options'));
    expect(r.status).toBe(200);
    expect(r.body.purchaseCurrencies).toEqual([
      { id: 'ETH', name: 'Ether', symbol: 'ETH', networks: [{ name: CHAIN, display_name: 'Anvil', chain_id: '31337', contract_address: '' }] },
      { id: 'PUSD', name: 'Portico USD', symbol: 'PUSD', networks: [{ name: CHAIN, display_name: 'Anvil', chain_id: '31337', contract_address: PUSD }] },
    ]);
    const limits = [
      { id: 'card', min: '10.00', max: '7500.00' },
      { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
    ];
    expect(r.body.paymentCurrencies).toEqual([
      { id: 'USD', payment_method_limits: limits },
      { id: 'EUR', payment_method_limits: limits },
    ]);
  });

  test('a project is required', async () => {
    expect((await getJson(`${api.url}/v1/onramp/options`)).status).toBe(400);
    expect((await getJson(`${api.url}/v1/onramp/options?projectId=unknown-project`)).status).toBe(403);
  });
});

describe('quote', () => {
  const body = { purchaseCurrency: 'ETH', paymentCurrency: 'USD', amount: '100', network: CHAIN };

  test('100 USD of ETH: fee within 1–2 %, subtotal = total − fees, ETH at the price table', async () => {
    const r = await post(u('/v1/onramp/quote'), body);
    expect(r.status).toBe(200);
    const q = r.body;
    expect(q.paymentTotal).toEqual({ amount: '100.00', currency: 'USD' });
    const fee = Number(q.coinbaseFee.amount);
    expect(fee).toBeGreaterThanOrEqual(1);
    expect(fee).toBeLessThanOrEqual(2);
    expect(q.coinbaseFee.currency).toBe('USD');
    expect(Number(q.networkFee.amount)).toBeGreaterThan(0);
    expect(Number(q.paymentSubtotal.amount)).toBeCloseTo(100 - fee - Number(q.networkFee.amount), 2);
    expect(q.purchaseAmount.currency).toBe('ETH');
    expect(Number(q.purchaseAmount.amount)).toBeCloseTo(Number(q.paymentSubtotal.amount) / 3000, 7);
    expect(q.quoteId).toMatch(/^[0-9a-f-]{36}$/);
  });

  test('EUR buys more at the static rate; a token quote; bank account limits', async () => {
    const eur = await post(u('/v1/onramp/quote'), { ...body, paymentCurrency: 'EUR' });
    const usd = await post(u('/v1/onramp/quote'), body);
    expect(Number(eur.body.purchaseAmount.amount)).toBeGreaterThan(Number(usd.body.purchaseAmount.amount));
    const token = await post(u('/v1/onramp/quote'), { ...body, purchaseCurrency: 'PUSD', amount: '50.00' });
    expect(token.status).toBe(200);
    expect(token.body.purchaseAmount.currency).toBe('PUSD');
    expect(Number(token.body.purchaseAmount.amount)).toBeCloseTo(Number(token.body.paymentSubtotal.amount), 5);
    const bank = await post(u('/v1/onramp/quote'), { ...body, amount: '20000', paymentMethod: 'ach_bank_account' });
    expect(bank.status).toBe(200);
  });

  test('limits and bad input give 400 with the reason', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...body, amount: '9.99' }, 'amount: below the minimum of 10.00 USD for card'],
      [{ ...body, amount: '7500.01' }, 'amount: above the maximum of 7500.00 USD for card'],
      [{ ...body, amount: '25000.01', paymentMethod: 'ach_bank_account' }, 'amount: above the maximum of 25000.00 USD for ach_bank_account'],
      [{ ...body, amount: '12.345' }, 'amount: must be a decimal amount with at most 2 decimals'],
      [{ ...body, amount: 'lots' }, 'amount: must be a decimal amount'],
      [{ ...body, paymentCurrency: 'GBP' }, 'paymentCurrency: must be one of USD, EUR'],
      [{ ...body, purchaseCurrency: 'DOGE' }, `purchaseCurrency: 'DOGE' is not offered on ${CHAIN}`],
      [{ ...body, network: 'eip155:1' }, "network: 'eip155:1' is not a supported network"],
      [{ ...body, network: 'mainnet' }, 'network: must be a CAIP-2 network id'],
      [{ ...body, paymentMethod: 'cash' }, 'paymentMethod: must be one of card, ach_bank_account'],
    ];
    for (const [input, error] of cases) {
      const r = await post(u('/v1/onramp/quote'), input);
      expect({ input, status: r.status, body: r.body }).toEqual({ input, status: 400, body: { error } });
    }
    expect((await post(u('/v1/onramp/quote'), '{nope')).body).toEqual({ error: 'body: must be JSON' });
  });
});

describe('URL generator and the demo provider', () => {
  test('bad bodies: 400 naming the field', async () => {
    const address = fresh();
    const good = { destinationWallets: [{ address, blockchains: [CHAIN] }], partnerUserId: 'u1' };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...good, destinationWallets: [] }, 'destinationWallets: at least one wallet'],
      [{ ...good, destinationWallets: [{ address: '0x12', blockchains: [CHAIN] }] }, "destinationWallets.address: '0x12' is not an address (0x + 40 hex digits)"],
      [{ ...good, partnerUserId: undefined }, 'partnerUserId: required'],
      [{ ...good, defaultExperience: 'send' }, "defaultExperience: must be 'buy'"],
      [{ ...good, defaultNetwork: 'eip155:1' }, 'destinationWallets: no wallet lists the defaultNetwork'],
      [{ ...good, destinationWallets: [{ address, blockchains: [CHAIN], assets: ['DOGE'] }] }, `destinationWallets.assets: 'DOGE' is not offered on ${CHAIN}`],
      [{ ...good, provider: 'nobody' }, "provider: 'nobody' is not configured"],
    ];
    for (const [input, error] of cases) {
      const r = await post(u('/v1/generators/onrampurl'), input);
      expect({ input, status: r.status, body: r.body }).toEqual({ input, status: 400, body: { error } });
    }
  });

  test('a configured provider gets the purchase in its URL', async () => {
    const address = fresh();
    const r = await post(u('/v1/generators/onrampurl'), {
      destinationWallets: [{ address, blockchains: [CHAIN], assets: ['PUSD'] }],
      partnerUserId: 'u2',
      presetFiatAmount: 25,
      fiatCurrency: 'EUR',
      provider: 'other-pay',
    });
    const url = new URL(r.body.url);
    expect(url.origin + url.pathname).toBe('https://pay.example/buy');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      address,
      network: CHAIN,
      asset: 'PUSD',
      partnerUserId: 'u2',
      fiatAmount: '25',
      fiatCurrency: 'EUR',
    });
  });

  test('the page is plain HTML with a labelled form under a strict CSP; unknown sessions 404', async () => {
    const url = await sessionUrl(fresh());
    expect(url.pathname).toBe('/onramp-demo/');
    expect(url.searchParams.get('session')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toBe(PAGE_CSP);
    expect(PAGE_CSP).toContain("default-src 'none'");
    const page = await res.text();
    expect(page).not.toMatch(/<script|https?:\/\/(?!127)/);
    expect(page).toContain('<label for="amount">Amount</label>');
    expect(page).toContain('value="100"');
    expect(page).toContain('Complete purchase');
    expect((await fetch(`${api.url}/onramp-demo/?session=nope`)).status).toBe(404);
    expect((await form({ session: 'x'.repeat(43), amount: '100', currency: 'USD', method: 'card' })).status).toBe(404);
    // A body that is no form: 400, not a server error.
    const broken = await fetch(`${api.url}/onramp-demo/complete`, { method: 'POST', headers: { 'content-type': 'multipart/form-data; boundary=x' }, body: '""' });
    expect(broken.status).toBe(400);
    expect(await broken.text()).toContain('The purchase form could not be read');
  });

  test('Complete purchase sends the quoted ETH on chain, once', async () => {
    const address = fresh();
    const { publicClient } = clients(anvil);
    const session = (await sessionUrl(address)).searchParams.get('session')!;
    const res = await form({ session, amount: '100', currency: 'USD', method: 'card' });
    const page = await res.text();
    expect(res.status).toBe(200);
    expect(page).toContain('Purchase complete');
    const txHash = /data-testid="tx-hash">(0x[0-9a-f]{64})</.exec(page)![1]! as `0x${string}`;
    const receipt = await publicClient.getTransactionReceipt({ hash: txHash });
    expect(receipt.status).toBe('success');
    expect(receipt.to?.toLowerCase()).toBe(address.toLowerCase());
    const balance = await publicClient.getBalance({ address });
    expect(Number(formatEther(balance))).toBeGreaterThan(0.03);
    expect(balance).toBeLessThan(parseEther('0.034'));
    expect(page).toContain(`${formatEther(balance)} ETH`);
    // A second submit does not pay again; the page shows the completed purchase.
    const again = await form({ session, amount: '100', currency: 'USD', method: 'card' });
    expect(await again.text()).toContain(txHash);
    expect(await publicClient.getBalance({ address })).toBe(balance);
    const row = await api.db.query<{ status: string; tx_hash: string }>('SELECT status, tx_hash FROM onramp_sessions WHERE id = $1', [session]);
    expect(row.rows[0]).toEqual({ status: 'completed', tx_hash: txHash });
  });

  test('the purchase session reports created, then completed with the delivering transaction; only to its project', async () => {
    const address = fresh();
    const session = (await sessionUrl(address)).searchParams.get('session')!;
    const status = () => getJson(u(`/v1/onramp/sessions/${session}`));
    expect(await status()).toMatchObject({
      status: 200,
      body: { status: 'created', network: CHAIN, asset: 'ETH', txHash: null, paymentTotal: null, purchaseAmount: null },
    });
    await form({ session, amount: '100', currency: 'USD', method: 'card' });
    const done = await status();
    expect(done.body).toMatchObject({ status: 'completed', paymentTotal: { amount: '100.00', currency: 'USD' }, purchaseAmount: { currency: 'ETH' } });
    expect(done.body.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(Number(done.body.purchaseAmount.amount)).toBeGreaterThan(0.03);
    expect((await getJson(`${api.url}/v1/onramp/sessions/${session}?projectId=another-project`)).status).not.toBe(200);
    expect(await getJson(u(`/v1/onramp/sessions/${'x'.repeat(43)}`))).toMatchObject({ status: 404, body: { error: 'id: no such purchase session' } });
    expect(await getJson(u('/v1/onramp/sessions/short'))).toMatchObject({ status: 400, body: { error: 'id: not a purchase session' } });
  });

  test('a token purchase transfers the ERC-20; too little inventory is refused without a charge', async () => {
    const address = fresh();
    const { publicClient } = clients(anvil);
    const session = (await sessionUrl(address, { destinationWallets: [{ address, blockchains: [CHAIN], assets: ['PUSD'] }] })).searchParams.get('session')!;
    const tooMuch = await form({ session, amount: '2000', currency: 'USD', method: 'card' });
    expect(tooMuch.status).toBe(502);
    expect(await tooMuch.text()).toContain('The provider holds too little PUSD to deliver this purchase.');
    const ok = await form({ session, amount: '50', currency: 'USD', method: 'card' });
    expect(ok.status).toBe(200);
    const held = await publicClient.readContract({ address: PUSD, abi: erc20Abi, functionName: 'balanceOf', args: [address] });
    expect(held).toBeGreaterThan(parseUnits('48', 6));
    expect(held).toBeLessThan(parseUnits('50', 6));
  });

  test('amounts outside the limits re-show the form with the reason', async () => {
    const session = (await sessionUrl(fresh())).searchParams.get('session')!;
    const res = await form({ session, amount: '5', currency: 'EUR', method: 'card' });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('Amount: below the minimum of 10.00 EUR for card');
  });

  test('caps: per purchase and per address a day; over them nothing is paid', async () => {
    const address = fresh();
    const { publicClient } = clients(anvil);
    const first = (await sessionUrl(address)).searchParams.get('session')!;
    const tooBig = await form({ session: first, amount: '6000', currency: 'USD', method: 'card' });
    expect(tooBig.status).toBe(400);
    expect(await tooBig.text()).toContain('Amount: the demo provider sells at most 5000.00 USD per purchase.');
    expect((await form({ session: first, amount: '2000', currency: 'USD', method: 'card' })).status).toBe(200);
    const paid = await publicClient.getBalance({ address });
    const second = (await sessionUrl(address)).searchParams.get('session')!;
    const overDay = await form({ session: second, amount: '200', currency: 'USD', method: 'card' });
    expect(overDay.status).toBe(400);
    expect(await overDay.text()).toContain('This address has reached the demo provider limit of 2100.00 USD a day.');
    expect(await publicClient.getBalance({ address })).toBe(paid);
  });
});

describe('the demo provider is for development only', () => {
  test('off unless the API runs in development mode; asking for it elsewhere is a start error', () => {
    expect(onRampRuntime({}, false).demoProvider).toBe(false);
    expect(onRampRuntime({}, true).demoProvider).toBe(true);
    expect(() => onRampRuntime({ demoProvider: true }, false)).toThrow('onramp config: demoProvider: runs in development mode only');
  });

  test('pays on local dev chains only: flagged localDevchain and reached over loopback', () => {
    expect(isDemoChain({ localDevchain: true, rpcUrl: 'http://127.0.0.1:8545' })).toBe(true);
    expect(isDemoChain({ localDevchain: true, rpcUrl: 'http://localhost:8545' })).toBe(true);
    expect(isDemoChain({ localDevchain: false, rpcUrl: 'http://127.0.0.1:8545' })).toBe(false);
    expect(isDemoChain({ localDevchain: true, rpcUrl: 'https://mainnet.example/rpc' })).toBe(false);
    expect(isDemoChain({ localDevchain: true, rpcUrl: 'http://10.0.0.5:8545' })).toBe(false);
  });
});
