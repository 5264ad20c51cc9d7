/**
 * Cluster mode: two relay nodes on one real Redis. Runs when PORTICO_RELAY_TEST_REDIS_URL is set:
 *   PORTICO_RELAY_TEST_REDIS_URL=$(bash scripts/redis.sh | tail -1) pnpm --filter @portico/relay run test:unit
 * In CI the URL is required (the first test fails without it), so these never pass by being skipped.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, test } from '@rstest/core';
import { runServiceCli, runServiceCliToExit } from '@portico/service-kit/testing';
import { buildApprovedNamespaces } from '@walletconnect/utils';
import { Redis } from 'ioredis';
import { toHex, verifyMessage } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { messageCost } from '../src/mailbox';
import { startRelay, type RelayHandle } from '../src/relay';
import { deleteKeys, hostPort, keysUnder, METRICS_TOKEN, tcpProxy, TEST_REDIS_URL, twoNodes, type TwoNodes } from './cluster-helpers';
import { ANVIL_ADDRESS, ANVIL_KEY, createDapp, createSignWallet, guardFetch, rawClient, shutdown, upgradeStatus, waitFor, type RawClient } from './helpers';

if (!TEST_REDIS_URL && process.env.CI) {
  test('CI runs the relay cluster tests on Redis', () => {
    throw new Error('CI is set but PORTICO_RELAY_TEST_REDIS_URL is not: run PORTICO_RELAY_TEST_REDIS_URL=$(bash scripts/redis.sh | tail -1) pnpm --filter @portico/relay run test:unit');
  });
}

const topic = (name: string) => createHash('sha256').update(name + Math.random()).digest('hex');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const isDelivery = (t: string) => (m: any) => m?.method === 'irn_subscription' && m.params?.data?.topic === t;
const deliveries = (t: string, ...clients: RawClient[]) => clients.flatMap((c) => c.received.filter(isDelivery(t)));
const httpUrl = (relay: RelayHandle, path: string) => `${relay.url.replace(/^ws/, 'http')}${path}`;
const health = async (relay: RelayHandle) => {
  const res = await fetch(httpUrl(relay, '/health'));
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};
const metric = async (relay: RelayHandle, name: string) => {
  const text = await (await fetch(httpUrl(relay, '/metrics'), { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return line === undefined ? undefined : Number(line.split(' ')[1]);
};

describe.skipIf(!TEST_REDIS_URL)('cluster mode: two relay nodes on one Redis', () => {
  let nodes: TwoNodes;
  beforeAll(async () => {
    nodes = await twoNodes();
  });
  afterAll(async () => {
    await nodes?.close();
  });

  it('a message published on node A is delivered to a subscriber on node B, once, and never back to its publisher', async () => {
    const { a, b } = nodes;
    const pub = await rawClient(a.url, 'ClusterPub');
    const sub = await rawClient(b.url, 'ClusterSub');
    const t = topic('a-to-b');
    await pub.call('irn_subscribe', { topic: t });
    await sub.call('irn_subscribe', { topic: t });
    expect((await pub.call('irn_publish', { topic: t, message: 'from A', ttl: 300, tag: 1108 })).result).toBe(true);
    const delivery = await sub.next(isDelivery(t));
    expect(delivery.params.data).toEqual({ topic: t, message: 'from A', publishedAt: expect.any(Number), tag: 1108, attestation: '' });
    await sleep(200);
    expect(deliveries(t, sub)).toHaveLength(1);
    expect(deliveries(t, pub)).toHaveLength(0);
    // Both nodes see the one shared mailbox.
    for (const node of [a, b]) expect((await health(node)).body).toMatchObject({ ok: true, redis: 'up', storedMessages: 1, storedBytes: messageCost(t, 'from A') });
    expect(await metric(b, 'portico_relay_redis_up')).toBe(1);
    expect(await metric(b, 'portico_relay_mailbox_bytes')).toBe(messageCost(t, 'from A'));
    expect(await metric(b, 'portico_relay_messages_relayed_total')).toBe(1);
    expect(await metric(a, 'portico_relay_messages_published_total')).toBe(1);
    pub.close();
    sub.close();
  });

  it('the mailbox keeps a message while its receiver is offline; it gets it after reconnecting to the other node, with its subscriptions', async () => {
    const { a, b } = nodes;
    const t = topic('offline');
    const receiver = await rawClient(a.url, 'ClusterReceiver');
    await receiver.call('irn_subscribe', { topic: t });
    receiver.close();
    await receiver.closed;
    const pub = await rawClient(b.url, 'ClusterSender');
    await pub.call('irn_publish', { topic: t, message: 'while you were away', ttl: 300 });
    // On node B, which never saw it subscribe: its subscription came from Redis, the message from the shared mailbox.
    const back = await rawClient(b.url, 'ClusterReceiver');
    expect((await back.call('irn_fetchMessages', { topic: t })).result).toEqual({
      messages: [{ topic: t, message: 'while you were away', publishedAt: expect.any(Number), tag: 0, attestation: '' }],
      hasMore: false,
    });
    // Live messages reach it on B without subscribing again there, and a subscribe does not repeat the fetched one.
    await pub.call('irn_publish', { topic: t, message: 'live', ttl: 300 });
    expect((await back.next(isDelivery(t))).params.data.message).toBe('live');
    await back.call('irn_batchSubscribe', { topics: [t] });
    await sleep(200);
    expect(deliveries(t, back).map((d) => d.params.data.message)).toEqual(['live']);
    back.close();
    pub.close();
  });

  it('a receiver that subscribes again after reconnecting to the other node gets what was stored, once', async () => {
    const { a, b } = nodes;
    const t = topic('resubscribe');
    const pub = await rawClient(a.url, 'ClusterPub2');
    await pub.call('irn_publish', { topic: t, message: 'first', ttl: 300 });
    await pub.call('irn_publish', { topic: t, message: 'second', ttl: 300 });
    const onA = await rawClient(a.url, 'ClusterReader');
    await onA.call('irn_batchSubscribe', { topics: [t] });
    await waitFor(() => deliveries(t, onA).length === 2, 3000, 'both on A');
    await sleep(100); // acks
    onA.close();
    await onA.closed;
    await pub.call('irn_publish', { topic: t, message: 'third', ttl: 300 });
    const onB = await rawClient(b.url, 'ClusterReader');
    await onB.call('irn_batchSubscribe', { topics: [t] });
    await onB.next(isDelivery(t));
    await sleep(300);
    expect(deliveries(t, onB).map((d) => d.params.data.message)).toEqual(['third']);
    onB.close();
    pub.close();
  });

  it('no duplicates: a client subscribed on both nodes gets each message once; an unacked one moves to its other node once', async () => {
    const { a, b } = nodes;
    const t = topic('both');
    const onA = await rawClient(a.url, 'ClusterTwice', { ack: false });
    const onB = await rawClient(b.url, 'ClusterTwice');
    const pub = await rawClient(a.url, 'ClusterPub3');
    await onA.call('irn_subscribe', { topic: t });
    await pub.call('irn_publish', { topic: t, message: 'one', ttl: 300 });
    await onA.next(isDelivery(t));
    // Subscribing on B too does not send 'one' again; the next two go to one socket or the other, never both.
    await onB.call('irn_subscribe', { topic: t });
    for (const message of ['two', 'three']) await pub.call('irn_publish', { topic: t, message, ttl: 300 });
    await waitFor(() => deliveries(t, onA, onB).length === 3, 3000, 'three deliveries');
    await sleep(300);
    expect(deliveries(t, onA, onB).map((d) => d.params.data.message).sort()).toEqual(['one', 'three', 'two']);
    // Node A's deliveries were never acked: when its socket closes they go to the client's socket on B, once.
    onA.close();
    await waitFor(() => deliveries(t, onB).length === 3, 3000, 'the unacked ones on B');
    await sleep(300);
    expect(deliveries(t, onB).map((d) => d.params.data.message).sort()).toEqual(['one', 'three', 'two']);
    // A new socket on A that subscribes again gets nothing more: all were acked on B.
    const again = await rawClient(a.url, 'ClusterTwice');
    await again.call('irn_batchSubscribe', { topics: [t] });
    await sleep(300);
    expect(deliveries(t, again)).toHaveLength(0);
    // A retried publish (same message) on the other node is not a new message.
    await rawClient(b.url, 'ClusterPub3').then(async (pubOnB) => {
      expect((await pubOnB.call('irn_publish', { topic: t, message: 'one', ttl: 300 })).result).toBe(true);
      await sleep(300);
      expect(deliveries(t, onB, again)).toHaveLength(3);
      pubOnB.close();
    });
    [onB, again, pub].forEach((c) => c.close());
  });

  it('the published clients pair across nodes, sign, and keep going after the wallet reconnects to the other node', async () => {
    guardFetch();
    const account = privateKeyToAccount(ANVIL_KEY);
    const lb = await tcpProxy(hostPort(nodes.b.url));
    // A load balancer's URL: the nodes accept tokens for it.
    const lbUrl = `ws://127.0.0.1:${lb.port}`;
    const cluster = await twoNodes({ publicUrls: [lbUrl] });
    lb.retarget(hostPort(cluster.b.url));
    const dapp = await createDapp(cluster.a.url);
    const wallet = await createSignWallet(lbUrl);
    try {
      const chain = 'eip155:31337';
      wallet.on('session_proposal', async ({ id, params }) => {
        const namespaces = buildApprovedNamespaces({
          proposal: params,
          supportedNamespaces: { eip155: { chains: [chain], methods: ['personal_sign'], events: ['accountsChanged', 'chainChanged'], accounts: [`${chain}:${ANVIL_ADDRESS}`] } },
        });
        await wallet.approve({ id, namespaces });
      });
      wallet.on('session_request', async ({ topic: sessionTopic, id, params }) => {
        const [data] = params.request.params as [`0x${string}`];
        const signature = await account.signMessage({ message: { raw: data } });
        await wallet.respond({ topic: sessionTopic, response: { id, jsonrpc: '2.0', result: signature } });
      });
      const { uri, approval } = await dapp.connect({ optionalNamespaces: { eip155: { chains: [chain], methods: ['personal_sign'], events: ['accountsChanged'] } } });
      await wallet.pair({ uri: uri! });
      const session = await approval();
      const sign = async (message: string) => {
        const signature = (await dapp.request({ topic: session.topic, chainId: chain, request: { method: 'personal_sign', params: [toHex(message), ANVIL_ADDRESS] } })) as `0x${string}`;
        expect(await verifyMessage({ address: ANVIL_ADDRESS, message, signature })).toBe(true);
      };
      await sign('on two nodes');
      expect((await health(cluster.b)).body.connections).toBe(1);

      // Node B drops the wallet; its next socket lands on node A. The dapp's request goes out at once, while the
      // wallet reconnects: it reaches the wallet live through Redis or from the shared mailbox.
      lb.retarget(hostPort(cluster.a.url));
      cluster.b.dropConnections();
      await sign('after the wallet moved to node A');
      expect((await health(cluster.a)).body.connections).toBe(2);
      expect((await health(cluster.b)).body.connections).toBe(0);
    } finally {
      await shutdown(dapp, wallet);
      await cluster.close();
      await lb.close();
    }
  });
});

describe.skipIf(!TEST_REDIS_URL)('cluster mode: the mailbox limits hold across nodes', () => {
  const message = 'x'.repeat(100);
  const cost = (t: string) => messageCost(t, message);
  const fullError = (what: string) => ({ code: -32005, message: `limit exceeded: ${what}` });

  it('maxMailboxBytesPerTopic: a topic filled on node A refuses more on node B', async () => {
    const probe = topic('probe');
    const nodes = await twoNodes({ limits: { maxMailboxBytesPerTopic: 2 * cost(probe) + 10 } });
    try {
      const t = topic('per-topic');
      const onA = await rawClient(nodes.a.url, 'TopicA');
      const onB = await rawClient(nodes.b.url, 'TopicB');
      expect((await onA.call('irn_publish', { topic: t, message, ttl: 60 })).result).toBe(true);
      expect((await onB.call('irn_publish', { topic: t, message: message + '!', ttl: 60 })).error).toBeUndefined();
      expect((await onB.call('irn_publish', { topic: t, message: 'y'.repeat(100), ttl: 60 })).error).toEqual(fullError(`mailbox for this topic is full (${2 * cost(probe) + 10} bytes)`));
      expect((await onB.call('irn_publish', { topic: topic('other'), message, ttl: 60 })).result).toBe(true);
      [onA, onB].forEach((c) => c.close());
    } finally {
      await nodes.close();
    }
  });

  it("maxMailboxBytesPerClient: a client's share counts what it published on either node", async () => {
    const limit = 2 * cost(topic('probe')) + 10;
    const nodes = await twoNodes({ limits: { maxMailboxBytesPerClient: limit } });
    try {
      const onA = await rawClient(nodes.a.url, 'ShareClient');
      const onB = await rawClient(nodes.b.url, 'ShareClient');
      expect((await onA.call('irn_publish', { topic: topic('c1'), message, ttl: 60 })).result).toBe(true);
      expect((await onB.call('irn_publish', { topic: topic('c2'), message, ttl: 60 })).result).toBe(true);
      expect((await onA.call('irn_publish', { topic: topic('c3'), message, ttl: 60 })).error).toEqual(fullError(`this client's share of the mailbox is full (${limit} bytes)`));
      const other = await rawClient(nodes.b.url, 'ShareOther');
      expect((await other.call('irn_publish', { topic: topic('c4'), message, ttl: 60 })).result).toBe(true);
      [onA, onB, other].forEach((c) => c.close());
    } finally {
      await nodes.close();
    }
  });

  it("maxMailboxBytesPerIp: an address's client ids share one allowance across nodes", async () => {
    const limit = 2 * cost(topic('probe')) + 10;
    const nodes = await twoNodes({ limits: { maxMailboxBytesPerIp: limit } });
    try {
      const x = await rawClient(nodes.a.url, 'IpX');
      const y = await rawClient(nodes.b.url, 'IpY');
      const z = await rawClient(nodes.a.url, 'IpZ');
      expect((await x.call('irn_publish', { topic: topic('i1'), message, ttl: 60 })).result).toBe(true);
      expect((await y.call('irn_publish', { topic: topic('i2'), message, ttl: 60 })).result).toBe(true);
      expect((await z.call('irn_publish', { topic: topic('i3'), message, ttl: 60 })).error).toEqual(fullError(`this IP address's share of the mailbox is full (${limit} bytes)`));
      const elsewhere = await rawClient(nodes.b.url, 'IpW', { localAddress: '127.0.0.2' });
      expect((await elsewhere.call('irn_publish', { topic: topic('i4'), message, ttl: 60 })).result).toBe(true);
      [x, y, z, elsewhere].forEach((c) => c.close());
    } finally {
      await nodes.close();
    }
  });

  it('maxMailboxBytes: the whole shared mailbox refuses past its total, whichever node', async () => {
    const limit = 2 * cost(topic('probe')) + 10;
    const nodes = await twoNodes({ limits: { maxMailboxBytes: limit } });
    try {
      const x = await rawClient(nodes.a.url, 'AllX');
      const y = await rawClient(nodes.b.url, 'AllY', { localAddress: '127.0.0.2' });
      const z = await rawClient(nodes.a.url, 'AllZ', { localAddress: '127.0.0.3' });
      expect((await x.call('irn_publish', { topic: topic('t1'), message, ttl: 60 })).result).toBe(true);
      expect((await y.call('irn_publish', { topic: topic('t2'), message, ttl: 60 })).result).toBe(true);
      expect((await z.call('irn_publish', { topic: topic('t3'), message, ttl: 60 })).error).toEqual(fullError(`relay mailbox is full (${limit} bytes)`));
      expect((await health(nodes.b)).body).toMatchObject({ storedMessages: 2 });
      [x, y, z].forEach((c) => c.close());
    } finally {
      await nodes.close();
    }
  });

  it('maxTtlSeconds: a message leaves the shared mailbox at the maximum whatever its TTL, and frees its share', async () => {
    const nodes = await twoNodes({ limits: { maxTtlSeconds: 1, maxMailboxBytesPerClient: cost(topic('probe')) + 10 } });
    try {
      const t = topic('ttl');
      const pub = await rawClient(nodes.a.url, 'TtlPub');
      expect((await pub.call('irn_publish', { topic: t, message, ttl: 86_400 })).result).toBe(true);
      expect((await pub.call('irn_publish', { topic: topic('ttl2'), message, ttl: 86_400 })).error.code).toBe(-32005);
      const early = await rawClient(nodes.b.url, 'TtlEarly');
      await early.call('irn_subscribe', { topic: t });
      await early.next(isDelivery(t));
      await sleep(1300);
      const late = await rawClient(nodes.b.url, 'TtlLate');
      await late.call('irn_subscribe', { topic: t });
      await sleep(200);
      expect(deliveries(t, late)).toHaveLength(0);
      expect((await health(nodes.a)).body).toMatchObject({ storedMessages: 0, storedBytes: 0 });
      // Only the clients' subscriptions are left in Redis: no message, share or sent-set outlives its TTL.
      expect((await keysUnder(nodes.prefix)).filter((k) => !k.startsWith(`${nodes.prefix}client:`)).sort()).toEqual([`${nodes.prefix}seq`, `${nodes.prefix}total`]);
      expect((await pub.call('irn_publish', { topic: topic('ttl3'), message, ttl: 60 })).result).toBe(true);
      [pub, early, late].forEach((c) => c.close());
    } finally {
      await nodes.close();
    }
  });

  it('fetchPageSize: a fetch on node B returns a page of what node A stored, then the rest', async () => {
    const nodes = await twoNodes({ limits: { fetchPageSize: 2 } });
    try {
      const t = topic('pages');
      const pub = await rawClient(nodes.a.url, 'PagePub');
      for (const m of ['m1', 'm2', 'm3']) await pub.call('irn_publish', { topic: t, message: m, ttl: 60 });
      const reader = await rawClient(nodes.b.url, 'PageReader');
      const first = (await reader.call('irn_fetchMessages', { topic: t })).result;
      expect([first.messages.map((m: any) => m.message), first.hasMore]).toEqual([['m1', 'm2'], true]);
      const second = (await reader.call('irn_fetchMessages', { topic: t })).result;
      expect([second.messages.map((m: any) => m.message), second.hasMore]).toEqual([['m3'], false]);
      [pub, reader].forEach((c) => c.close());
    } finally {
      await nodes.close();
    }
  });
});

describe.skipIf(!TEST_REDIS_URL)('cluster mode: Redis going away', () => {
  it('health says 503 with the reason, publishes get -32002, new sockets 503; the nodes recover when Redis is back', async () => {
    const proxy = await tcpProxy(hostPort(TEST_REDIS_URL!));
    const nodes = await twoNodes({}, `redis://127.0.0.1:${proxy.port}`);
    try {
      const t = topic('outage');
      const sub = await rawClient(nodes.b.url, 'OutageSub');
      await sub.call('irn_subscribe', { topic: t });
      const pub = await rawClient(nodes.a.url, 'OutagePub');

      await proxy.cut();
      await waitFor(async () => (await health(nodes.a)).status === 503, 5000, 'node A unhealthy');
      expect((await health(nodes.a)).body).toMatchObject({ ok: false, redis: 'down', error: expect.stringMatching(/^Redis unreachable/) });
      expect((await pub.call('irn_publish', { topic: t, message: 'during the outage', ttl: 60 })).error).toEqual({
        code: -32002,
        message: expect.stringMatching(/^resource unavailable: the relay's shared mailbox \(Redis\) does not answer \(.+\); retry$/),
      });
      expect(await upgradeStatus(nodes.b.url, 'OutageNew')).toBe(503);
      expect(await metric(nodes.a, 'portico_relay_redis_up')).toBe(0);

      await proxy.restore();
      for (const node of [nodes.a, nodes.b]) await waitFor(async () => (await health(node)).status === 200, 10_000, 'healthy again');
      expect((await pub.call('irn_publish', { topic: t, message: 'after the outage', ttl: 60 })).result).toBe(true);
      expect((await sub.next(isDelivery(t), 5000)).params.data.message).toBe('after the outage');
      expect(await upgradeStatus(nodes.b.url, 'OutageNew')).toBe(101);
      [sub, pub].forEach((c) => c.close());
    } finally {
      await nodes.close();
      await proxy.close();
    }
  });

  it('a socket that piles up a second of frames while Redis is slow is closed 1008, not queued without end', async () => {
    const nodes = await twoNodes({ limits: { maxMessagesPerSecond: 5 } });
    const admin = new Redis(TEST_REDIS_URL!);
    try {
      const client = await rawClient(nodes.a.url, 'SlowRedisFlood');
      await admin.call('CLIENT', 'PAUSE', '500', 'ALL');
      for (let i = 0; i < 8; i++) client.send({ id: i + 1, jsonrpc: '2.0', method: 'irn_publish', params: { topic: topic('slow'), message: `m${i}`, ttl: 60 } });
      expect(await client.closed).toEqual({ code: 1008, reason: 'rate limit exceeded' });
      expect(await metric(nodes.a, 'portico_relay_rate_limit_hits_total{limit="messages_per_second"}')).toBe(1);
    } finally {
      await admin.call('CLIENT', 'UNPAUSE');
      admin.disconnect();
      await nodes.close();
    }
  });

  it('a node that cannot reach Redis at start refuses to start, naming the URL without its password', async () => {
    const proxy = await tcpProxy(hostPort(TEST_REDIS_URL!));
    await proxy.cut();
    await expect(startRelay({ port: 0, logLevel: 'silent', redisUrl: `redis://:secret@127.0.0.1:${proxy.port}` })).rejects.toThrow(
      new RegExp(`^relay: cannot reach Redis at redis://127\\.0\\.0\\.1:${proxy.port}: `),
    );
    const cli = await runServiceCliToExit(new URL('..', import.meta.url), { PORT: '0', LOG_LEVEL: 'silent', PORTICO_RELAY_REDIS_URL: `redis://:secret@127.0.0.1:${proxy.port}` });
    expect(cli.code).toBe(1);
    expect(cli.stderr).toContain(`relay: cannot reach Redis at redis://127.0.0.1:${proxy.port}: `);
    expect(cli.stderr).not.toContain('secret');
  });
});

describe.skipIf(!TEST_REDIS_URL)('cluster mode: the CLI', () => {
  it('PORTICO_RELAY_REDIS_URL turns cluster mode on (PORTICO_RELAY_REDIS_PREFIX its keys); /health says Redis is up', async () => {
    const prefix = `portico:relay:test:cli:${Math.random()}:`;
    const p = runServiceCli(new URL('..', import.meta.url), { PORT: '0', LOG_LEVEL: 'silent', PORTICO_RELAY_REDIS_URL: TEST_REDIS_URL!, PORTICO_RELAY_REDIS_PREFIX: prefix });
    try {
      const port = (await p.waitForStdout(/^ws:\/\/127\.0\.0\.1:(\d+)$/m))[1]!;
      const client = await rawClient(`ws://127.0.0.1:${port}`, 'CliClient');
      await client.call('irn_publish', { topic: topic('cli'), message: 'kept in Redis', ttl: 60 });
      expect(await (await fetch(`http://127.0.0.1:${port}/health`)).json()).toMatchObject({ ok: true, redis: 'up', storedMessages: 1 });
      expect((await keysUnder(prefix)).length).toBeGreaterThan(0);
      client.close();
    } finally {
      expect(await p.stop()).toBe(0);
      await deleteKeys(prefix);
    }
  });
});
