import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from '@rstest/core';
import { buildApprovedNamespaces, getSdkError } from '@walletconnect/utils';
import { toHex, verifyMessage } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { startRelay, type RelayHandle } from '../src/relay';
import { ANVIL_ADDRESS, ANVIL_KEY, createDapp, createWalletKit, rawClient, shutdown, waitFor } from './helpers';

let relay: RelayHandle;
const errors: string[] = [];
beforeAll(async () => {
  // default limits, as deployed
  relay = await startRelay({ port: 0, logLevel: 'error', logWrite: (l) => errors.push(l) });
});
afterAll(async () => {
  await relay?.close();
});

const topics = (n: number, seed: string) => Array.from({ length: n }, (_, i) => createHash('sha256').update(`${seed}${i}`).digest('hex'));

it('garbage, huge frames and floods, then a normal pairing still works', async () => {
  // garbage of every kind
  const g = await rawClient(relay.url, 'Garbage');
  const garbage: Array<string | Buffer> = [
    '',
    'null',
    '[]',
    '[1,2,3]',
    '{"id":{},"method":"irn_publish"}',
    '{"id":1,"jsonrpc":"2.0","method":"irn_publish","params":{"topic":"t","message":"m","ttl":1e309}}',
    '{"id":2,"jsonrpc":"2.0","method":"irn_batchSubscribe","params":{"topics":[]}}',
    '{"id":3,"jsonrpc":"2.0","method":"__proto__","params":{}}',
    '{"id":4,"jsonrpc":"2.0","method":"constructor","params":{}}',
    '{"id":5,"jsonrpc":"2.0","method":"irn_subscribe","params":{"topic":"' + 'a'.repeat(10_000) + '"}}',
    '['.repeat(100_000) + ']'.repeat(100_000),
    '{"id":99999999999999999999999999999999999999,"jsonrpc":"2.0","method":"irn_subscribe","params":{"topic":"abc"}}',
    randomBytes(4096),
    Buffer.from([0xff, 0xfe, 0xfd]),
  ];
  for (const frame of garbage) g.ws.send(frame);
  await waitFor(() => g.received.length >= garbage.length - 1, 5000, 'garbage replies');
  expect(g.ws.readyState).toBe(g.ws.OPEN);
  expect(g.texts.some((t) => t.startsWith('{"id":99999999999999999999999999999999999999,'))).toBe(true);
  expect(g.received.filter((m) => m?.error?.code === -32601).map((m) => m.id).sort()).toEqual([3, 4]);

  // a frame just over the limit (an error under its id, the socket stays) and one far over it (cut)
  const big = await rawClient(relay.url, 'Big');
  big.send('{"id":1,"jsonrpc":"2.0","method":"irn_publish","params":{"message":"' + 'x'.repeat(600 * 1024) + '"}}');
  expect((await big.next((x) => x?.id === 1)).error.code).toBe(-32005);
  expect(big.ws.readyState).toBe(big.ws.OPEN);
  const huge = await rawClient(relay.url, 'Huge');
  huge.ws.on('error', () => {});
  huge.send(Buffer.alloc(4 * 1024 * 1024, 0x61)); // 4x the 1 MiB frame cap: cut by ws (a bigger one only slows the sender)
  expect((await huge.closed).code).toBe(1009);

  // subscription flood: fill the 10,000-topic cap, then one more
  const f = await rawClient(relay.url, 'Flood');
  const all = topics(10_000, 'flood');
  for (let i = 0; i < all.length; i += 500) {
    // 500 topics per call: what the clients send, and the default maxTopicsPerCall
    expect((await f.call('irn_batchSubscribe', { topics: all.slice(i, i + 500) })).result).toHaveLength(500);
  }
  expect((await f.call('irn_subscribe', { topic: topics(1, 'one-more')[0] })).error.code).toBe(-32005);
  expect((await f.call('irn_batchSubscribe', { topics: [all[0], ...topics(2, 'two-more')] })).error.code).toBe(-32005);
  expect((await f.call('irn_batchSubscribe', { topics: all.slice(0, 5) })).result).toHaveLength(5); // known topics are fine

  // message flood, as fast as it goes until the relay hangs up → -32005, then 1008 (10x the budget
  // within a second, or over it for seconds in a row when a busy machine reads the flood slowly)
  const m = await rawClient(relay.url, 'Rate');
  let hungUp = false;
  void m.closed.then(() => (hungUp = true));
  for (let i = 0; !hungUp && i < 200_000; i++) {
    m.send({ id: i, jsonrpc: '2.0', method: 'irn_publish', params: { topic: 'flood', message: `m${i}`, ttl: 60 } });
    if (i % 1000 === 999) await new Promise((r) => setImmediate(r)); // let the relay read
  }
  expect((await m.closed).code).toBe(1008);
  expect(m.received.some((x) => x?.error?.code === -32005)).toBe(true);

  // a normal pairing on the same relay
  const account = privateKeyToAccount(ANVIL_KEY);
  const dapp = await createDapp(relay.url);
  const { wallet, core } = await createWalletKit(relay.url);
  try {
    wallet.on('session_proposal', async ({ id, params }) => {
      const namespaces = buildApprovedNamespaces({
        proposal: params,
        supportedNamespaces: { eip155: { chains: ['eip155:31337'], methods: ['personal_sign'], events: ['chainChanged'], accounts: [`eip155:31337:${ANVIL_ADDRESS}`] } },
      });
      await wallet.approveSession({ id, namespaces });
    });
    wallet.on('session_request', async ({ topic, id, params }) => {
      const [data] = params.request.params as [`0x${string}`];
      await wallet.respondSessionRequest({ topic, response: { id, jsonrpc: '2.0', result: await account.signMessage({ message: { raw: data } }) } });
    });
    const { uri, approval } = await dapp.connect({ optionalNamespaces: { eip155: { chains: ['eip155:31337'], methods: ['personal_sign'], events: ['chainChanged'] } } });
    await wallet.pair({ uri: uri! });
    const session = await approval();
    const signature = (await dapp.request({ topic: session.topic, chainId: 'eip155:31337', request: { method: 'personal_sign', params: [toHex('still alive'), ANVIL_ADDRESS] } })) as `0x${string}`;
    expect(await verifyMessage({ address: ANVIL_ADDRESS, message: 'still alive', signature })).toBe(true);
    await dapp.disconnect({ topic: session.topic, reason: getSdkError('USER_DISCONNECTED') });
  } finally {
    await shutdown(dapp, core);
    [g, big, f].forEach((c) => c.close());
  }
  expect(errors).toEqual([]); // no internal errors logged
});
