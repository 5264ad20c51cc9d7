/**
 * Blockchain API against a REAL anvil and the embedded database: supported chains, the JSON-RPC
 * proxy, balances, prices, indexer-backed history and NFTs, identity, 400s and an upstream that is down.
 */
import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { createServer, type Server } from 'node:http';
import { encodeFunctionData, parseEther, parseUnits, type Address, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import type { RunningApi } from '../src/server';
import { ACCOUNTS, artifacts, clients, deploy, freePort, rpc, startAnvil, type Anvil } from './chain-helpers';
import { getJson, PROJECT, start } from './helpers';

const CHAIN = 'eip155:31337';
const DOWN_CHAIN = 'eip155:31338';

let anvil: Anvil;
let api: RunningApi;
let meta: Server;
let metaPort: number;
let PUSD: Address, PTK: Address, ZERO: Address, PCOL: Address, SPAM: Address, MULTI: Address;

const fresh = () => privateKeyToAccount(generatePrivateKey()).address;
const u = (path: string, params: Record<string, string> = {}) => {
  const url = new URL(path, api.url);
  url.searchParams.set('projectId', PROJECT);
  url.searchParams.set('st', 'appkit');
  url.searchParams.set('sv', 'html-wagmi-1.7.4');
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.toString();
};
const post = (url: string, body: unknown) =>
  getJson(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body) });

async function indexed() {
  await api.chains.get(CHAIN)!.indexer!.waitFor();
}
async function send(from: number, to: Address, value: bigint) {
  const { wallet, publicClient } = clients(anvil);
  const hash = await wallet(from).sendTransaction({ to, value });
  await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  return hash;
}
async function write(from: number, address: Address, abi: keyof typeof artifacts, functionName: string, args: unknown[]) {
  const { wallet, publicClient } = clients(anvil);
  const hash = await wallet(from).writeContract({ address, abi: artifacts[abi].abi, functionName, args } as never);
  const r = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  return { hash, status: r.status };
}
const b64json = (o: unknown) => `data:application/json;base64,${Buffer.from(JSON.stringify(o)).toString('base64')}`;
const IMG = 'data:image/svg+xml;base64,' + Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64');

beforeAll(async () => {
  anvil = await startAnvil({ chainId: 31337 });
  metaPort = await freePort();
  meta = createServer((req, res) => {
    if (req.url === '/meta/3.json') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ name: 'Served Over HTTP', image: `http://127.0.0.1:${metaPort}/img/3.png` }));
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((r) => meta.listen(metaPort, '127.0.0.1', r));

  PUSD = await deploy(anvil, 'TestERC20', ['Portico USD', 'PUSD', 6, parseUnits('1000000', 6)]);
  PTK = await deploy(anvil, 'TestERC20', ['Portico Token', 'PTK', 18, parseUnits('1000000', 18)]);
  ZERO = await deploy(anvil, 'TestERC20', ['Zero Decimals', 'ZDEC', 0, 1000n]);
  PCOL = await deploy(anvil, 'TestERC721', ['Portico Collectibles', 'PCOL']);
  SPAM = await deploy(anvil, 'TestERC721', ['Free Airdrop', 'SPAM']);
  MULTI = await deploy(anvil, 'TestERC1155', ['data:application/json,{"name":"Multi token","image":"http://127.0.0.1/img.png"}']);

  const closed = await freePort(); // nothing listens here: the "upstream down" chain
  api = await start({
    indexer: { pollIntervalMs: 100 },
    // The metadata server of these tests listens on loopback: the operator's opt-in.
    nftMetadata: { allowPrivateNetworks: true },
    chains: [
      {
        caipNetworkId: CHAIN,
        name: 'Anvil',
        rpcUrl: anvil.rpcUrl,
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        tokens: [
          { address: PUSD, symbol: 'PUSD', name: 'Portico USD', decimals: 6 },
          { address: PTK, symbol: 'PTK', name: 'Portico Token', decimals: 18, iconUrl: 'http://127.0.0.1:9/ptk.png' },
          { address: ZERO, symbol: 'ZDEC', name: 'Zero Decimals', decimals: 0 },
        ],
        spamContracts: [SPAM],
        testnet: true,
      },
      {
        caipNetworkId: DOWN_CHAIN,
        name: 'Down',
        rpcUrl: `http://127.0.0.1:${closed}`,
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        tokens: [],
      },
    ],
  });
}, 180_000);

afterAll(async () => {
  await api?.close();
  await anvil?.stop();
  await new Promise((r) => meta?.close(r));
});

describe('supported chains and the JSON-RPC proxy', () => {
  test('GET /v1/supported-chains lists the configured chains', async () => {
    const { status, body } = await getJson(u('/v1/supported-chains'));
    expect(status).toBe(200);
    expect(body).toEqual({ http: [CHAIN, DOWN_CHAIN], ws: [] });
    const noProject = await getJson(new URL('/v1/supported-chains', api.url).toString());
    expect(noProject.status).toBe(400);
    expect(noProject.body.error).toMatch(/^projectId: /);
  });

  test('single and batch calls are forwarded to anvil', async () => {
    const single = await post(u('/v1/', { chainId: CHAIN }), { jsonrpc: '2.0', id: 7, method: 'eth_chainId', params: [] });
    expect(single.status).toBe(200);
    expect(single.body).toEqual({ jsonrpc: '2.0', id: 7, result: '0x7a69' });
    const batch = await post(u('/v1', { chainId: CHAIN }), [
      { jsonrpc: '2.0', id: 1, method: 'eth_chainId' },
      { jsonrpc: '2.0', id: 'b', method: 'eth_getBalance', params: [ACCOUNTS[0]!.address, 'latest'] },
    ]);
    expect(batch.status).toBe(200);
    const byId = Object.fromEntries((batch.body as { id: unknown; result: string }[]).map((r) => [String(r.id), r.result]));
    expect(byId['1']).toBe('0x7a69');
    expect(BigInt(byId['b']!)).toBeGreaterThan(0n);
    // a node error comes back as the node's JSON-RPC error
    const nodeError = await post(u('/v1/', { chainId: CHAIN }), { jsonrpc: '2.0', id: 3, method: 'eth_getBalance', params: ['not-an-address'] });
    expect(nodeError.status).toBe(200);
    expect(nodeError.body).toMatchObject({ jsonrpc: '2.0', id: 3, error: { code: expect.any(Number) } });
  });

  test('invalid envelopes: -32600 / -32700 with HTTP 200; a batch keeps its valid calls; admin methods refused', async () => {
    const bad = await post(u('/v1/', { chainId: CHAIN }), { id: 1, method: 'eth_chainId' });
    expect(bad.status).toBe(200);
    expect(bad.body).toMatchObject({ jsonrpc: '2.0', id: 1, error: { code: -32600 } });
    const notObject = await post(u('/v1/', { chainId: CHAIN }), '42');
    expect(notObject.body.error.code).toBe(-32600);
    const empty = await post(u('/v1/', { chainId: CHAIN }), []);
    expect(empty.status).toBe(200);
    expect(empty.body.error.code).toBe(-32600);
    const parse = await post(u('/v1/', { chainId: CHAIN }), '{"jsonrpc":');
    expect(parse.status).toBe(200);
    expect(parse.body).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } });
    const mixed = await post(u('/v1/', { chainId: CHAIN }), [{ jsonrpc: '2.0', id: 1, method: 'eth_chainId' }, { jsonrpc: '1.0', id: 2, method: 'x' }]);
    expect(mixed.status).toBe(200);
    expect(mixed.body).toMatchObject([{ id: 1, result: '0x7a69' }, { id: 2, error: { code: -32600 } }]);
    const admin = await post(u('/v1/', { chainId: CHAIN }), { jsonrpc: '2.0', id: 1, method: 'anvil_setBalance', params: [ACCOUNTS[0]!.address, '0x0'] });
    expect(admin).toMatchObject({ status: 200, body: { error: { code: -32601 } } });
    const unsupported = await post(u('/v1/', { chainId: 'eip155:1' }), { jsonrpc: '2.0', id: 1, method: 'eth_chainId' });
    expect(unsupported.status).toBe(400);
    expect(unsupported.body).toEqual({ error: 'chainId: not supported' });
  });
});

describe('balances and prices', () => {
  let holder: Address;
  beforeAll(async () => {
    holder = fresh();
    await send(0, holder, parseEther('2'));
    await write(0, PUSD, 'TestERC20', 'transfer', [holder, parseUnits('1234.5', 6)]);
    await write(0, PTK, 'TestERC20', 'transfer', [holder, parseUnits('7.25', 18)]);
    await write(0, ZERO, 'TestERC20', 'transfer', [holder, 5n]);
  });

  test('native + 6- and 18-decimal tokens; the decimals-0 token is dropped', async () => {
    const { status, body } = await getJson(u(`/v1/account/${holder}/balance`, { currency: 'usd', chainId: CHAIN }));
    expect(status).toBe(200);
    expect(body.balances).toHaveLength(3);
    const [eth, pusd, ptk] = body.balances;
    expect(eth).toEqual({
      name: 'Ether', symbol: 'ETH', chainId: CHAIN, value: 6000, price: 3000,
      quantity: { decimals: '18', numeric: '2.0' }, iconUrl: `${api.url}/v1/token-images/ETH`,
    });
    expect(eth).not.toHaveProperty('address');
    expect(pusd).toEqual({
      name: 'Portico USD', symbol: 'PUSD', chainId: CHAIN, address: `${CHAIN}:${PUSD}`, value: 1234.5, price: 1,
      quantity: { decimals: '6', numeric: '1234.5' }, iconUrl: `${api.url}/v1/token-images/PUSD`,
    });
    expect(ptk).toMatchObject({ symbol: 'PTK', address: `${CHAIN}:${PTK}`, price: 2.5, value: 18.125, quantity: { decimals: '18', numeric: '7.25' }, iconUrl: 'http://127.0.0.1:9/ptk.png' });
    expect(body.balances.some((b: { symbol: string }) => b.symbol === 'ZDEC')).toBe(false);
    const icon = await fetch(`${api.url}/v1/token-images/PUSD`);
    expect(icon.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
  });

  test('an empty account has only the native entry; zero token balances are omitted', async () => {
    const { body } = await getJson(u(`/v1/account/${fresh()}/balance`, { currency: 'usd', chainId: CHAIN }));
    expect(body.balances).toHaveLength(1);
    expect(body.balances[0]).toMatchObject({ symbol: 'ETH', value: 0, quantity: { decimals: '18', numeric: '0.0' } });
  });

  test('cached 30 s unless forceUpdate', async () => {
    const first = await getJson(u(`/v1/account/${holder}/balance`, { chainId: CHAIN }));
    await send(0, holder, parseEther('1'));
    const cached = await getJson(u(`/v1/account/${holder}/balance`, { chainId: CHAIN }));
    expect(cached.body).toEqual(first.body);
    const forced = await getJson(u(`/v1/account/${holder}/balance`, { chainId: CHAIN, forceUpdate: 'true' }));
    expect(forced.body.balances[0].quantity.numeric).toBe('3.0');
  });

  test('POST /v1/fungible/price answers from the static table', async () => {
    const { status, body } = await post(u('/v1/fungible/price'), {
      currency: 'usd',
      projectId: PROJECT,
      addresses: [`${CHAIN}:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee`, `${CHAIN}:${PUSD}`, `${CHAIN}:${PTK.toLowerCase()}`, `${CHAIN}:${fresh()}`, `eip155:1:${PUSD}`],
    });
    expect(status).toBe(200);
    expect(body.fungibles).toEqual([
      { name: 'Ether', symbol: 'ETH', iconUrl: `${api.url}/v1/token-images/ETH`, price: 3000 },
      { name: 'Portico USD', symbol: 'PUSD', iconUrl: `${api.url}/v1/token-images/PUSD`, price: 1 },
      { name: 'Portico Token', symbol: 'PTK', iconUrl: 'http://127.0.0.1:9/ptk.png', price: 2.5 },
    ]);
    // projectId in the body only
    const bodyOnly = await post(new URL('/v1/fungible/price', api.url).toString(), { currency: 'usd', projectId: PROJECT, addresses: [] });
    expect(bodyOnly.status).toBe(200);
    const bad = await post(u('/v1/fungible/price'), { currency: 'eur', addresses: [] });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/^currency: /);
    const badAddr = await post(u('/v1/fungible/price'), { currency: 'usd', addresses: ['0x1234'] });
    expect(badAddr.body).toEqual({ error: 'addresses: Invalid CAIP-10 address' });
  });
});

type Tx = { id: string; metadata: Record<string, any>; transfers: any[] };

describe('history (indexer)', () => {
  test('native and ERC-20 transfers appear with direction, operation type and status', async () => {
    const to = fresh();
    const ethHash = await send(1, to, parseEther('0.5'));
    const tokenHash = (await write(0, PUSD, 'TestERC20', 'transfer', [to, parseUnits('10', 6)])).hash;
    await indexed();
    const { status, body } = await getJson(u(`/v1/account/${to}/history`, { chainId: CHAIN }));
    expect(status).toBe(200);
    expect(body.next).toBeNull();
    const txs = body.data as Tx[];
    expect(txs.map((t) => t.metadata.hash)).toEqual([tokenHash, ethHash]); // newest first
    const [tok, eth] = txs;
    expect(tok!.metadata).toMatchObject({ operationType: 'receive', status: 'confirmed', chain: CHAIN, sentFrom: ACCOUNTS[0]!.address, sentTo: PUSD });
    expect(tok!.transfers).toEqual([
      {
        direction: 'in', quantity: { numeric: '10.0' }, fungible_info: { name: 'Portico USD', symbol: 'PUSD', icon: { url: `${api.url}/v1/token-images/PUSD` } }, price: 1, value: 10,
        sender: ACCOUNTS[0]!.address, recipient: to,
      },
    ]);
    expect(eth!.metadata).toMatchObject({ operationType: 'receive', sentFrom: ACCOUNTS[1]!.address, sentTo: to, nonce: expect.any(Number) });
    expect(new Date(eth!.metadata.minedAt).toISOString()).toBe(eth!.metadata.minedAt);
    expect(eth!.transfers[0]).toMatchObject({ direction: 'in', quantity: { numeric: '0.5' }, fungible_info: { symbol: 'ETH' }, price: 3000, value: 1500 });

    const sender = await getJson(u(`/v1/account/${ACCOUNTS[1]!.address}/history`, { chainId: CHAIN }));
    const sent = (sender.body.data as Tx[]).find((t) => t.metadata.hash === ethHash)!;
    expect(sent.metadata.operationType).toBe('send');
    expect(sent.transfers[0]!.direction).toBe('out');
  });

  test('a reverted transaction is listed as failed (execute); an approval without transfers is approve', async () => {
    const who = 3;
    const { wallet, publicClient } = clients(anvil);
    // transfer more PUSD than account #3 holds: reverts (gas given so viem does not refuse to send)
    const hash = await wallet(who).sendTransaction({
      to: PUSD,
      data: encodeFunctionData({ abi: artifacts.TestERC20.abi, functionName: 'transfer', args: [ACCOUNTS[0]!.address, 1n] }),
      gas: 100_000n,
    });
    expect((await publicClient.waitForTransactionReceipt({ hash })).status).toBe('reverted');
    const approve = (await write(who, PUSD, 'TestERC20', 'approve', [ACCOUNTS[0]!.address, 5n])).hash;
    await indexed();
    const { body } = await getJson(u(`/v1/account/${ACCOUNTS[who]!.address}/history`, { chainId: CHAIN }));
    const failed = (body.data as Tx[]).find((t) => t.metadata.hash === hash)!;
    expect(failed.metadata).toMatchObject({ status: 'failed', operationType: 'execute' });
    const ex = (body.data as Tx[]).find((t) => t.metadata.hash === approve)!;
    expect(ex.metadata).toMatchObject({ status: 'confirmed', operationType: 'approve' });
    expect(ex.transfers).toEqual([]);
  });

  test('45 transfers page as 20 + 20 + 5 with a working cursor', async () => {
    const to = fresh();
    const hashes: Hex[] = [];
    for (let i = 0; i < 45; i++) {
      hashes.push(i % 2 === 0 ? await send(2, to, BigInt(i + 1)) : (await write(0, PTK, 'TestERC20', 'transfer', [to, BigInt(i + 1)])).hash);
    }
    await indexed();
    const seen: string[] = [];
    let cursor: string | null = null;
    const sizes: number[] = [];
    do {
      const params: Record<string, string> = { chainId: CHAIN };
      if (cursor) params.cursor = cursor;
      const { status, body } = await getJson(u(`/v1/account/${to}/history`, params));
      expect(status).toBe(200);
      sizes.push(body.data.length);
      for (const t of body.data as Tx[]) {
        seen.push(t.metadata.hash);
        expect(t.transfers[0]!.direction).toBe('in');
      }
      cursor = body.next;
    } while (cursor);
    expect(sizes).toEqual([20, 20, 5]);
    expect(seen).toEqual([...hashes].reverse());
    const bad = await getJson(u(`/v1/account/${to}/history`, { chainId: CHAIN, cursor: 'nonsense!' }));
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: 'cursor: invalid' });
  });
});

describe('NFTs', () => {
  const owner = 2;
  const other = 3;
  let ownerAddr: Address;
  beforeAll(async () => {
    ownerAddr = ACCOUNTS[owner]!.address;
    await write(0, PCOL, 'TestERC721', 'mint', [ownerAddr, b64json({ name: 'Portico #1', image: IMG })]); // id 1
    await write(0, PCOL, 'TestERC721', 'mint', [ownerAddr, 'data:application/json,' + encodeURIComponent(JSON.stringify({ name: 'Portico #2', image: IMG }))]); // id 2
    await write(0, PCOL, 'TestERC721', 'mint', [ownerAddr, `http://127.0.0.1:${metaPort}/meta/3.json`]); // id 3
    await write(0, PCOL, 'TestERC721', 'mint', [ownerAddr, 'https://metadata.example/4.json']); // id 4: host not allowed
    await write(owner, PCOL, 'TestERC721', 'transferFrom', [ownerAddr, ACCOUNTS[other]!.address, 2n]);
    await write(0, SPAM, 'TestERC721', 'mint', [ownerAddr, b64json({ name: 'Claim your prize', image: IMG })]);
    await write(0, MULTI, 'TestERC1155', 'mint', [ownerAddr, 7n, 5n]);
    await write(owner, MULTI, 'TestERC1155', 'safeTransferFrom', [ownerAddr, ACCOUNTS[other]!.address, 7n, 2n, '0x']);
    await write(0, MULTI, 'TestERC1155', 'mintBatch', [ACCOUNTS[other]!.address, [8n, 9n], [1n, 0n]]);
    await indexed();
  });

  test('owned tokens from the indexed transfers, metadata from data: and loopback http URIs', async () => {
    const { status, body } = await getJson(u(`/v1/account/${ownerAddr}/nfts`, { chainId: CHAIN }));
    expect(status).toBe(200);
    const byKey = Object.fromEntries(body.data.map((n: any) => [`${n.contract.split(':')[2]}#${n.tokenId}`, n]));
    expect(Object.keys(byKey).sort()).toEqual([`${MULTI}#7`, `${PCOL}#1`, `${PCOL}#3`, `${PCOL}#4`, `${SPAM}#1`].sort());
    expect(byKey[`${PCOL}#1`]).toMatchObject({ contract: `${CHAIN}:${PCOL}`, tokenId: '1', name: 'Portico #1', collection: 'Portico Collectibles', imageUrl: IMG, isSpam: false });
    expect(byKey[`${PCOL}#3`]).toMatchObject({ name: 'Served Over HTTP', imageUrl: `http://127.0.0.1:${metaPort}/img/3.png` });
    expect(byKey[`${PCOL}#4`]).toMatchObject({ name: 'Portico Collectibles #4', imageUrl: null }); // not fetched
    expect(byKey[`${SPAM}#1`]).toMatchObject({ name: 'Claim your prize', collection: 'Free Airdrop', isSpam: true });
    expect(byKey[`${MULTI}#7`]).toMatchObject({ standard: 'erc1155', amount: '3', name: 'Multi token', imageUrl: 'http://127.0.0.1/img.png' });

    const otherNfts = await getJson(u(`/v1/account/${ACCOUNTS[other]!.address}/nfts`, { chainId: CHAIN }));
    const keys = otherNfts.body.data.map((n: any) => `${n.contract.split(':')[2]}#${n.tokenId}:${n.amount}`).sort();
    expect(keys).toEqual([`${MULTI}#7:2`, `${MULTI}#8:1`, `${PCOL}#2:1`].sort());
    expect(otherNfts.body.data.find((n: any) => n.tokenId === '2').name).toBe('Portico #2');
  });

  test('history carries nft_info with the spam flag', async () => {
    const { body } = await getJson(u(`/v1/account/${ownerAddr}/history`, { chainId: CHAIN }));
    const nftTransfers = (body.data as Tx[]).flatMap((t) => t.transfers.filter((x) => x.nft_info).map((x) => ({ op: t.metadata.operationType, ...x })));
    const spam = nftTransfers.find((x) => x.nft_info.name === 'Claim your prize')!;
    expect(spam).toMatchObject({ op: 'mint', direction: 'in', quantity: { numeric: '1' }, nft_info: { content: { preview: { url: IMG } }, flags: { is_spam: true } } });
    const sent = nftTransfers.find((x) => x.nft_info.name === 'Portico #2' && x.direction === 'out')!;
    expect(sent).toMatchObject({ op: 'send', nft_info: { flags: { is_spam: false } } });
  });

  test('spam_contracts table marks more contracts', async () => {
    await api.db.query('INSERT INTO spam_contracts (chain_id, address, reason) VALUES ($1, $2, $3)', [CHAIN, PCOL.toLowerCase(), 'test']);
    const { body } = await getJson(u(`/v1/account/${ownerAddr}/nfts`, { chainId: CHAIN }));
    expect(body.data.find((n: any) => n.tokenId === '1' && n.contract.endsWith(PCOL)).isSpam).toBe(true);
    await api.db.query('DELETE FROM spam_contracts WHERE chain_id = $1', [CHAIN]);
  });
});

describe('identity', () => {
  test('name and avatar from the names table; unknown → nulls', async () => {
    const who = ACCOUNTS[4]!.address;
    await api.db.query('INSERT INTO names (name, address, avatar) VALUES ($1, $2, $3)', ['alice.portico', who.toLowerCase(), 'http://127.0.0.1/alice.png']);
    const { status, body } = await getJson(u(`/v1/identity/${who}`, { chainId: CHAIN, sender: ACCOUNTS[0]!.address }));
    expect(status).toBe(200);
    expect(body).toEqual({ name: 'alice.portico', avatar: 'http://127.0.0.1/alice.png' });
    const none = await getJson(u(`/v1/identity/${fresh()}`, { chainId: CHAIN }));
    expect(none.body).toEqual({ name: null, avatar: null });
  });
});

describe('bad parameters → 400 with the reason', () => {
  test.each([
    ['/v1/account/0x123/balance', { chainId: CHAIN }, /^address: '0x123' is not an address/],
    [`/v1/account/${ACCOUNTS[0]!.address}/balance`, {}, /^chainId: required$/],
    [`/v1/account/${ACCOUNTS[0]!.address}/balance`, { chainId: 'eip155:1' }, /^chainId: not supported$/],
    [`/v1/account/${ACCOUNTS[0]!.address}/balance`, { chainId: CHAIN, currency: 'eur' }, /^currency: /],
    [`/v1/account/${ACCOUNTS[0]!.address}/balance`, { chainId: CHAIN, forceUpdate: 'maybe' }, /^forceUpdate: /],
    ['/v1/account/nope/history', { chainId: CHAIN }, /^address: /],
    [`/v1/account/${ACCOUNTS[0]!.address}/history`, { chainId: 'solana:abc' }, /^chainId: not supported$/],
    ['/v1/account/0xZZ/nfts', { chainId: CHAIN }, /^address: /],
    ['/v1/identity/0x1', { chainId: CHAIN }, /^address: /],
    [`/v1/identity/${ACCOUNTS[0]!.address}`, { sender: 'bob' }, /^sender: /],
  ] as const)('%s %j', async (path, params, message) => {
    const { status, body } = await getJson(u(path, params as Record<string, string>));
    expect(status).toBe(400);
    expect(body.error).toMatch(message);
  });

  test('unknown project → 403', async () => {
    const url = new URL(`/v1/account/${ACCOUNTS[0]!.address}/balance`, api.url);
    url.searchParams.set('projectId', 'not-a-project');
    url.searchParams.set('chainId', CHAIN);
    const { status, body } = await getJson(url.toString());
    expect(status).toBe(403);
    expect(body).toEqual({ error: 'Unauthorized: invalid key' });
  });
});

describe('upstream node down', () => {
  test('a chain whose node is down answers 503; other routes keep answering', async () => {
    const addr = ACCOUNTS[0]!.address;
    const bal = await getJson(u(`/v1/account/${addr}/balance`, { chainId: DOWN_CHAIN }));
    expect(bal.status).toBe(503);
    expect(bal.body).toEqual({ error: 'Upstream node unavailable' });
    const single = await post(u('/v1/', { chainId: DOWN_CHAIN }), { jsonrpc: '2.0', id: 5, method: 'eth_blockNumber' });
    expect(single.status).toBe(503);
    expect(single.body).toEqual({ jsonrpc: '2.0', id: 5, error: { code: -32002, message: 'Upstream node unavailable' } });
    const batch = await post(u('/v1/', { chainId: DOWN_CHAIN }), [{ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber' }, { jsonrpc: '2.0', id: 2, method: 'eth_chainId' }]);
    expect(batch.status).toBe(503);
    expect(batch.body.map((r: any) => [r.id, r.error.code])).toEqual([[1, -32002], [2, -32002]]);
    const hist = await getJson(u(`/v1/account/${addr}/history`, { chainId: DOWN_CHAIN }));
    expect(hist.status).toBe(200); // served from the (empty) index
    expect(hist.body).toEqual({ data: [], next: null });
    const health = await getJson(`${api.url}/healthz`);
    expect(health.status).toBe(200);
    expect(health.body.chains[DOWN_CHAIN].status).toBe('upstream-unavailable');
    expect(health.body.chains[CHAIN]).toMatchObject({ status: expect.stringMatching(/synced|syncing/), lag: expect.any(Number) });
    expect((await getJson(u(`/v1/account/${addr}/balance`, { chainId: CHAIN }))).status).toBe(200);
  });

  test('a bad upstream reply → 502; a node that stops mid-run → 503, then recovers', async () => {
    const port = await freePort();
    const junk = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html>oops</html>'));
    await new Promise<void>((r) => junk.listen(port, '127.0.0.1', r));
    const second = await startAnvil({ chainId: 31339 });
    const api2 = await start({
      indexer: { enabled: false },
      chains: [
        { caipNetworkId: 'eip155:1', name: 'Junk', rpcUrl: `http://127.0.0.1:${port}`, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } },
        { caipNetworkId: 'eip155:31339', name: 'Second', rpcUrl: second.rpcUrl, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } },
      ],
    });
    try {
      const url = (chainId: string) => `${api2.url}/v1/?projectId=${PROJECT}&chainId=${chainId}`;
      const junkReply = await post(url('eip155:1'), { jsonrpc: '2.0', id: 1, method: 'eth_chainId' });
      expect(junkReply.status).toBe(502);
      expect(junkReply.body.error.code).toBe(-32603);
      expect((await post(url('eip155:31339'), { jsonrpc: '2.0', id: 1, method: 'eth_chainId' })).body.result).toBe('0x7a6b');
      await second.stop();
      const down = await post(url('eip155:31339'), { jsonrpc: '2.0', id: 1, method: 'eth_chainId' });
      expect(down.status).toBe(503);
      const bal = await getJson(`${api2.url}/v1/account/${ACCOUNTS[0]!.address}/balance?projectId=${PROJECT}&chainId=eip155:31339`);
      expect(bal.status).toBe(503);
      expect((await getJson(`${api2.url}/v1/supported-chains?projectId=${PROJECT}`)).status).toBe(200);
    } finally {
      await api2.close();
      await second.stop();
      await new Promise((r) => junk.close(r));
    }
  }, 120_000);
});

describe('figures (printed, not asserted)', () => {
  test('history page time with 1,000 indexed transfers; indexer lag', async () => {
    const to = fresh();
    const from = ACCOUNTS[1]!.address;
    await rpc(anvil.rpcUrl, 'evm_setAutomine', [false]);
    const nonce = Number(await rpc<string>(anvil.rpcUrl, 'eth_getTransactionCount', [from, 'pending']));
    const calls = Array.from({ length: 1000 }, (_, i) => ({
      jsonrpc: '2.0', id: i, method: 'eth_sendTransaction',
      params: [{ from, to, value: `0x${(i + 1).toString(16)}`, nonce: `0x${(nonce + i).toString(16)}`, gas: '0x5208' }],
    }));
    for (let i = 0; i < calls.length; i += 250) {
      const res = await fetch(anvil.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(calls.slice(i, i + 250)) });
      const out = (await res.json()) as { error?: unknown }[];
      expect(out.filter((o) => o.error)).toEqual([]);
    }
    const t0 = performance.now();
    // 1,000 transactions over 10 blocks
    for (let b = 0; b < 10; b++) await rpc(anvil.rpcUrl, 'evm_mine', []);
    await rpc(anvil.rpcUrl, 'evm_setAutomine', [true]);
    const head = Number(await rpc<string>(anvil.rpcUrl, 'eth_blockNumber'));
    const lagSamples: number[] = [];
    const poll = setInterval(async () => lagSamples.push((await getJson(`${api.url}/healthz`)).body.chains[CHAIN].lag), 50);
    await api.chains.get(CHAIN)!.indexer!.waitFor(head, 60_000);
    clearInterval(poll);
    const indexMs = performance.now() - t0;

    const times: number[] = [];
    let cursor: string | null = null;
    let count = 0;
    do {
      const params: Record<string, string> = { chainId: CHAIN };
      if (cursor) params.cursor = cursor;
      const s = performance.now();
      const { body } = await getJson(u(`/v1/account/${to}/history`, params));
      times.push(performance.now() - s);
      count += body.data.length;
      cursor = body.next;
    } while (cursor);
    expect(count).toBe(1000);
    times.sort((a, b) => a - b);
    const pct = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!.toFixed(1);
    // steady-state lag: mine one block and measure until it is indexed
    const s = performance.now();
    await send(0, fresh(), 1n);
    await indexed();
    const oneBlockMs = performance.now() - s;
    console.log(
      `[figures] 1,000 transfers in 10 blocks indexed in ${indexMs.toFixed(0)} ms (max lag seen ${Math.max(0, ...lagSamples)} blocks); ` +
        `history pages (${times.length} × 20): median ${pct(0.5)} ms, p95 ${pct(0.95)} ms, max ${pct(1)} ms; ` +
        `new block → indexed in ${oneBlockMs.toFixed(0)} ms (poll 100 ms); lag now ${(await getJson(`${api.url}/healthz`)).body.chains[CHAIN].lag}`,
    );
  }, 180_000);
});
