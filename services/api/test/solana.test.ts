/**
 * Solana chains against the real local SVM (@portico/solana-rpc, litesvm): the chain's CAIP-2 id
 * from its genesis hash, SOL + PUSD balances of the dev accounts, a SOL and an SPL transfer signed
 * with dev keys and sent through the API's JSON-RPC endpoint, then balances and history of sender
 * and recipients; address and chain errors, the allow-list, the history page bound and the timeout.
 * The node is reached through a pass-through that records the methods the API calls.
 */
import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { createServer, type Server } from 'node:http';
import {
  address, appendTransactionMessageInstructions, createKeyPairSignerFromBytes, createSolanaRpc, createTransactionMessage, generateKeyPairSigner,
  getBase58Encoder, getBase64EncodedWireTransaction, isSolanaError, lamports, pipe, setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash, signTransactionMessageWithSigners, SOLANA_ERROR__JSON_RPC__METHOD_NOT_FOUND, type Instruction,
  type KeyPairSigner, type SolanaError,
} from '@solana/kit';
import { getCreateAccountInstruction, getTransferSolInstruction } from '@solana-program/system';
import { findAssociatedTokenPda, getInitializeAccount3Instruction, getTransferCheckedInstruction, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token';
import { startSolanaRpc } from '@portico/solana-rpc';
import { PUSD_MINT, SOLANA_DEV_ACCOUNTS, SOLANA_LOCAL_CAIP2 } from '@portico/solana-rpc/accounts';
import type { RunningApi } from '../src/server';
import { SOLANA_HISTORY_MAX_TOKEN_ACCOUNTS } from '../src/chains/solana-history';
import { RPC_NOT_ALLOWED } from '../src/routes/chains';
import { HISTORY_PAGE_SIZE } from '../src/routes/history';
import { freePort } from './chain-helpers';
import { getJson, PROJECT, start } from './helpers';

const CHAIN = SOLANA_LOCAL_CAIP2;
const PUSD = { mint: PUSD_MINT.address, symbol: PUSD_MINT.symbol, name: PUSD_MINT.name, decimals: PUSD_MINT.decimals };
const [dev0, dev1, dev2] = SOLANA_DEV_ACCOUNTS as unknown as [(typeof SOLANA_DEV_ACCOUNTS)[0], (typeof SOLANA_DEV_ACCOUNTS)[0], (typeof SOLANA_DEV_ACCOUNTS)[0]];

let chain: Awaited<ReturnType<typeof startSolanaRpc>>;
let recorder: Server;
let api: RunningApi;
/** Methods the API sent to the node, in order. */
const calls: string[] = [];

/** Forwards every request to the SVM unchanged, noting its methods. */
async function startRecorder(target: string): Promise<string> {
  const port = await freePort();
  recorder = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk) => (text += chunk));
    req.on('end', async () => {
      const body = JSON.parse(text) as { method: string } | { method: string }[];
      for (const call of Array.isArray(body) ? body : [body]) calls.push(call.method);
      const reply = await fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body: text });
      res.writeHead(reply.status, { 'content-type': 'application/json' }).end(await reply.text());
    });
  });
  await new Promise<void>((r) => recorder.listen(port, '127.0.0.1', r));
  return `http://127.0.0.1:${port}`;
}

beforeAll(async () => {
  chain = await startSolanaRpc({ port: 0, development: true });
  const rpcUrl = await startRecorder(chain.url);
  // No caipNetworkId: the API reads it from the genesis hash.
  api = await start({ indexer: { enabled: false }, solanaChains: [{ name: 'Solana Local', rpcUrl, tokens: [PUSD] }] });
});
afterAll(async () => {
  await api?.close();
  await new Promise((r) => recorder?.close(r));
  await chain?.stop();
});

const apiUrl = (path: string, query: Record<string, string> = {}) => {
  const u = new URL(path, api.url);
  u.searchParams.set('projectId', PROJECT);
  u.searchParams.set('chainId', CHAIN);
  for (const [k, v] of Object.entries(query)) u.searchParams.set(k, v);
  return u.toString();
};
type Balance = { symbol: string; address?: string; price: number; value: number; quantity: { decimals: string; numeric: string } };
type Tx = {
  id: string;
  metadata: { operationType: string; hash: string; minedAt: string; sentFrom: string; sentTo: string; status: string; chain: string; fee: { symbol: string; quantity: { numeric: string } } };
  transfers: { direction: string; quantity: { numeric: string }; fungible_info: { symbol: string }; price?: number }[];
};
const balances = async (owner: string) => (await getJson<{ balances: Balance[] }>(apiUrl(`/v1/account/${owner}/balance`, { forceUpdate: 'true' }))).body.balances;
const history = (owner: string, cursor?: string) => getJson<{ data: Tx[]; next: string | null }>(apiUrl(`/v1/account/${owner}/history`, cursor ? { cursor } : {}));
/** @solana/kit's client on the API's JSON-RPC endpoint. */
const proxyRpc = () => createSolanaRpc(apiUrl('/v1/'));
const signer = (index: number): Promise<KeyPairSigner> => createKeyPairSignerFromBytes(getBase58Encoder().encode(SOLANA_DEV_ACCOUNTS[index]!.secretKeyBase58));

/** Builds, signs (dev key) and sends a v0 transaction through the API's JSON-RPC endpoint. */
async function sendThroughApi(payer: KeyPairSigner, instructions: Instruction[]) {
  const rpc = proxyRpc();
  const { value: lifetime } = await rpc.getLatestBlockhash().send();
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(payer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
  );
  const wire = getBase64EncodedWireTransaction(await signTransactionMessageWithSigners(message));
  return rpc.sendTransaction(wire, { encoding: 'base64' }).send();
}

describe('solana chains', () => {
  test('supported-chains lists the chain under its genesis-hash CAIP-2 id', async () => {
    const r = await getJson(`${api.url}/v1/supported-chains?projectId=${PROJECT}`);
    expect(r).toMatchObject({ status: 200, body: { http: [CHAIN], ws: [] } });
  });

  test('balances of a dev account: SOL first, then PUSD, each with its price', async () => {
    const r = await getJson<{ balances: Balance[] }>(apiUrl(`/v1/account/${dev2.address}/balance`));
    expect(r.status).toBe(200);
    expect(r.body.balances).toEqual([
      { name: 'Solana', symbol: 'SOL', chainId: CHAIN, value: 15_000, price: 150, quantity: { decimals: '9', numeric: '100.0' }, iconUrl: `${api.url}/v1/token-images/SOL` },
      { name: 'Portico USD', symbol: 'PUSD', chainId: CHAIN, address: `${CHAIN}:${PUSD_MINT.address}`, value: 10_000, price: 1, quantity: { decimals: '6', numeric: '10000.0' }, iconUrl: `${api.url}/v1/token-images/PUSD` },
    ]);
  });

  test('a SOL and an SPL transfer sent through the API: balances and history of sender and recipients', async () => {
    const from = await signer(0);
    const fresh = (await generateKeyPairSigner()).address;
    const solSignature = await sendThroughApi(from, [getTransferSolInstruction({ source: from, destination: fresh, amount: lamports(1_500_000_000n) })]);
    const mint = address(PUSD_MINT.address);
    const [source] = await findAssociatedTokenPda({ owner: from.address, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS });
    const [destination] = await findAssociatedTokenPda({ owner: address(dev1.address), mint, tokenProgram: TOKEN_PROGRAM_ADDRESS });
    // dev1's token account exists: the transaction names it, not dev1 (history must read token accounts too).
    const splSignature = await sendThroughApi(from, [getTransferCheckedInstruction({ source, mint, destination, authority: from, amount: 25_000_000n, decimals: 6 })]);

    const direct = createSolanaRpc(chain.url);
    const fees = await Promise.all([solSignature, splSignature].map(async (s) => (await direct.getTransaction(s, { encoding: 'json', maxSupportedTransactionVersion: 0 }).send())!.meta!.fee));
    const senderLamports = 100_000_000_000n - 1_500_000_000n - fees[0]! - fees[1]!;
    expect((await direct.getBalance(from.address).send()).value).toBe(senderLamports);

    const sender = await balances(dev0.address);
    expect(sender.map((b) => [b.symbol, b.quantity.numeric])).toEqual([['SOL', `${senderLamports / 1_000_000_000n}.${String(senderLamports % 1_000_000_000n).padStart(9, '0').replace(/0+$/, '')}`], ['PUSD', '9975.0']]);
    expect((await balances(fresh)).map((b) => [b.symbol, b.quantity.numeric])).toEqual([['SOL', '1.5']]);
    expect((await balances(dev1.address)).map((b) => [b.symbol, b.quantity.numeric])).toEqual([['SOL', '100.0'], ['PUSD', '10025.0']]);

    const sent = await history(dev0.address);
    expect(sent.status).toBe(200);
    expect(sent.body.next).toBeNull();
    expect(sent.body.data.map((t) => t.metadata.hash)).toEqual([splSignature, solSignature]);
    const [spl, sol] = sent.body.data as [Tx, Tx];
    expect(spl).toMatchObject({
      id: `${splSignature}:${CHAIN}`,
      metadata: { operationType: 'send', sentFrom: dev0.address, sentTo: dev1.address, status: 'confirmed', chain: CHAIN, fee: { symbol: 'SOL', quantity: { numeric: '0.000005' } } },
      transfers: [{ direction: 'out', quantity: { numeric: '25.0' }, fungible_info: { symbol: 'PUSD' }, price: 1, value: 25 }],
    });
    expect(spl.transfers).toHaveLength(1); // the fee is not a SOL transfer
    expect(sol).toMatchObject({
      metadata: { operationType: 'send', sentFrom: dev0.address, sentTo: fresh, status: 'confirmed' },
      transfers: [{ direction: 'out', quantity: { numeric: '1.5' }, fungible_info: { symbol: 'SOL', name: 'Solana' } }],
    });
    expect(Date.now() - Date.parse(sol.metadata.minedAt)).toBeLessThan(60_000);

    const received = await history(fresh);
    expect(received.body.data).toHaveLength(1);
    expect(received.body.data[0]).toMatchObject({ metadata: { operationType: 'receive', hash: solSignature, sentFrom: dev0.address, sentTo: fresh }, transfers: [{ direction: 'in', quantity: { numeric: '1.5' } }] });
    const tokenReceived = await history(dev1.address);
    expect(tokenReceived.body.data.map((t) => t.metadata.hash)).toEqual([splSignature]);
    expect(tokenReceived.body.data[0]).toMatchObject({ metadata: { operationType: 'receive', sentTo: dev1.address }, transfers: [{ direction: 'in', quantity: { numeric: '25.0' }, fungible_info: { symbol: 'PUSD' } }] });
  });

  test(`history pages: ${HISTORY_PAGE_SIZE} a page, at most ${HISTORY_PAGE_SIZE} getTransaction calls each, a before-signature cursor`, async () => {
    const owner = (await generateKeyPairSigner()).address;
    const direct = createSolanaRpc(chain.url);
    const airdrops: string[] = [];
    for (let i = 0; i < HISTORY_PAGE_SIZE + 1; i++) airdrops.push(await direct.requestAirdrop(owner, lamports(BigInt(i + 1) * 1_000_000n)).send());

    calls.length = 0;
    const first = await history(owner);
    expect(first.status).toBe(200);
    expect(first.body.data).toHaveLength(HISTORY_PAGE_SIZE);
    expect(calls.filter((m) => m === 'getTransaction')).toHaveLength(HISTORY_PAGE_SIZE);
    expect(first.body.data.map((t) => t.metadata.hash)).toEqual(airdrops.slice(1).reverse());
    expect(first.body.data[0]).toMatchObject({ metadata: { operationType: 'receive' }, transfers: [{ direction: 'in', quantity: { numeric: '0.021' } }] });
    expect(first.body.next).toEqual(expect.any(String));

    const second = await history(owner, first.body.next!);
    expect(second.body.data.map((t) => t.metadata.hash)).toEqual([airdrops[0]]);
    expect(second.body.next).toBeNull();

    expect(await history(owner, 'not-a-cursor')).toMatchObject({ status: 400, body: { error: 'cursor: invalid' } });
  });

  test(`history reads the owner's signatures and those of at most ${SOLANA_HISTORY_MAX_TOKEN_ACCOUNTS} of its token accounts`, async () => {
    calls.length = 0;
    await history(dev2.address);
    expect(calls.filter((m) => m === 'getSignaturesForAddress')).toHaveLength(2); // dev2 and its PUSD account

    // An owner with one token account more than the cap (PUSD accounts that are not its associated one).
    const payer = await signer(3);
    const owner = (await generateKeyPairSigner()).address;
    const rent = await createSolanaRpc(chain.url).getMinimumBalanceForRentExemption(165n).send();
    for (let i = 0; i < SOLANA_HISTORY_MAX_TOKEN_ACCOUNTS + 1; i++) {
      const account = await generateKeyPairSigner();
      await sendThroughApi(payer, [
        getCreateAccountInstruction({ payer, newAccount: account, lamports: rent, space: 165, programAddress: TOKEN_PROGRAM_ADDRESS }),
        getInitializeAccount3Instruction({ account: account.address, mint: address(PUSD_MINT.address), owner }),
      ]);
    }
    calls.length = 0;
    const r = await history(owner);
    expect(calls.filter((m) => m === 'getSignaturesForAddress')).toHaveLength(1 + SOLANA_HISTORY_MAX_TOKEN_ACCOUNTS);
    // The owner is not in those transactions: what it sees comes from (the first 10 of) its token accounts, none moved tokens.
    expect(r.body.data).toHaveLength(SOLANA_HISTORY_MAX_TOKEN_ACCOUNTS);
    expect(r.body.data.every((t) => t.metadata.operationType === 'execute' && t.transfers.length === 0)).toBe(true);
  });

  test('a bad Solana address is refused with the reason; an EVM address is not a Solana address', async () => {
    for (const bad of ['not-base58-0OIl', '0x0000000000000000000000000000000000000001', '1111']) {
      for (const path of ['balance', 'history']) {
        const r = await getJson(apiUrl(`/v1/account/${bad}/${path}`));
        expect(r).toEqual(expect.objectContaining({ status: 400, body: { error: `address: '${bad}' is not a Solana address (base58, 32 bytes)` } }));
      }
    }
  });

  test('a solana chain that is not configured: chainId not supported', async () => {
    const r = await getJson(apiUrl(`/v1/account/${dev0.address}/balance`, { chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' }));
    expect(r).toMatchObject({ status: 400, body: { error: 'chainId: not supported' } });
    const rpc = await getJson(apiUrl('/v1/', { chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' }), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getHealth' }) });
    expect(rpc).toMatchObject({ status: 400, body: { error: 'chainId: not supported' } });
  });

  test('the JSON-RPC endpoint forwards Solana reads and refuses methods off the allow-list', async () => {
    expect((await proxyRpc().getBalance(address(dev2.address)).send()).value).toBe(100_000_000_000n);
    calls.length = 0;
    const post = (method: string, params: unknown[] = []) =>
      getJson(apiUrl('/v1/'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: method, method, params }) });
    for (const method of ['requestAirdrop', 'getProgramAccounts', 'getLargestAccounts', 'getClusterNodes', 'eth_call', 'eth_sendRawTransaction']) {
      expect(await post(method, [dev2.address, 1])).toMatchObject({ status: 200, body: { jsonrpc: '2.0', id: method, error: { code: -32601, message: RPC_NOT_ALLOWED } } });
    }
    expect(calls).toEqual([]);
  });

  test("@solana/kit hears 'Requested RPC call is not allowed' as the JSON-RPC error it is", async () => {
    const refused = await proxyRpc().requestAirdrop(address(dev2.address), lamports(1_000_000n)).send().then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(isSolanaError(refused, SOLANA_ERROR__JSON_RPC__METHOD_NOT_FOUND)).toBe(true);
    expect((refused as SolanaError<typeof SOLANA_ERROR__JSON_RPC__METHOD_NOT_FOUND>).context.__serverMessage).toBe(RPC_NOT_ALLOWED);
    expect(calls).toEqual([]);
  });
});

describe('solana node limits', () => {
  let hanging: Server;
  let slowApi: RunningApi;
  let url: string;
  beforeAll(async () => {
    const port = await freePort();
    hanging = createServer(() => {}); // accepts and never answers
    await new Promise<void>((r) => hanging.listen(port, '127.0.0.1', r));
    url = `http://127.0.0.1:${port}`;
    slowApi = await start({ indexer: { enabled: false }, rpcTimeoutMs: 300, solanaChains: [{ caipNetworkId: CHAIN, name: 'Hanging', rpcUrl: url }] });
  });
  afterAll(async () => {
    await slowApi?.close();
    hanging?.closeAllConnections();
    await new Promise((r) => hanging?.close(r));
  });

  test('a node that does not answer: balance and history give 503 after the timeout', async () => {
    for (const path of ['balance', 'history']) {
      const started = Date.now();
      const r = await getJson(`${slowApi.url}/v1/account/${dev0.address}/${path}?projectId=${PROJECT}&chainId=${CHAIN}`);
      expect(r).toMatchObject({ status: 503, body: { error: 'Upstream node unavailable' } });
      expect(Date.now() - started).toBeLessThan(5_000);
    }
  });

  test('a chain without caipNetworkId whose node does not answer stops the start', async () => {
    await expect(start({ rpcTimeoutMs: 300, solanaChains: [{ name: 'Hanging', rpcUrl: url }] })).rejects.toThrow(
      /^solana chains config: Hanging: cannot read the genesis hash from http:\/\/127\.0\.0\.1:\d+ \(Upstream node unavailable: getGenesisHash: timeout\)$/,
    );
  });

  test('a bad Solana chain config names the field', async () => {
    await expect(start({ solanaChains: [{ name: 'Bad', rpcUrl: url, tokens: [{ ...PUSD, mint: '0x12' }] }] })).rejects.toThrow(
      "solana chains config: solanaChains[0].tokens.mint: '0x12' is not a Solana address (base58, 32 bytes)",
    );
  });
});
