// One test (at least) per limit of limits.ts: raw `ws` sockets for the abuse cases, the published
// WalletConnect client where the protocol matters.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@rstest/core';
import { runServiceCli } from '@portico/service-kit/testing';
import WebSocket from 'ws';
import { DEFAULT_LIMITS, ipKey, limitEnvName, limitsFromEnv, RateWindow, resolveLimits, type RelayLimits } from '../src/limits';
import { Mailbox, MESSAGE_OVERHEAD_BYTES } from '../src/mailbox';
import { startRelay, type RelayHandle, type RelayOptions } from '../src/relay';
import { createDapp, rawClient, shutdown, socketOutcome, upgradeStatus, waitFor } from './helpers';

const topic = (name: string) => createHash('sha256').update(name + Math.random()).digest('hex');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const isDelivery = (t: string) => (m: any) => m?.method === 'irn_subscription' && m.params?.data?.topic === t;

/** Runs `fn` against a relay started with `options`, then closes it. */
async function withRelay(options: RelayOptions, fn: (relay: RelayHandle) => Promise<void>): Promise<void> {
  const relay = await startRelay({ port: 0, logLevel: 'silent', ...options });
  try {
    await fn(relay);
  } finally {
    await relay.close();
  }
}

describe('limits: topics', () => {
  it('maxTopicsPerCall: a longer irn_batchSubscribe gets -32005 and subscribes nothing; the other batch methods too', async () => {
    await withRelay({ limits: { maxTopicsPerCall: 3 } }, async (r) => {
      const a = await rawClient(r.url, 'PerCall');
      const four = [1, 2, 3, 4].map((i) => topic(`call${i}`));
      expect((await a.call('irn_batchSubscribe', { topics: four })).error).toEqual({ code: -32005, message: 'limit exceeded: 4 topics in one call (max 3)' });
      expect(r.stats().subscriptions).toBe(0);
      expect((await a.call('irn_batchSubscribe', { topics: four.slice(0, 3) })).result).toHaveLength(3);
      expect((await a.call('irn_batchFetchMessages', { topics: four })).error.code).toBe(-32005);
      expect((await a.call('irn_batchUnsubscribe', { subscriptions: four.map((t) => ({ topic: t })) })).error.code).toBe(-32005);
      expect((await a.call('irn_batchPublish', { messages: four.map((t) => ({ topic: t, message: 'm', ttl: 60 })) })).error.code).toBe(-32005);
      expect(r.stats()).toMatchObject({ subscriptions: 3, storedMessages: 0 });
    });
  });

  it('maxSubscriptions caps the whole relay; maxTopicsPerClient each client id', async () => {
    await withRelay({ limits: { maxSubscriptions: 5, maxTopicsPerClient: 4 } }, async (r) => {
      const a = await rawClient(r.url, 'SubsA');
      const b = await rawClient(r.url, 'SubsB');
      const mine = [1, 2, 3, 4].map((i) => topic(`a${i}`));
      expect((await a.call('irn_batchSubscribe', { topics: mine })).result).toHaveLength(4);
      expect((await a.call('irn_subscribe', { topic: topic('a5') })).error).toEqual({
        code: -32005,
        message: 'limit exceeded: too many subscriptions (max 4 topics per client)',
      });
      expect((await b.call('irn_batchSubscribe', { topics: [topic('b1'), topic('b2')] })).error).toEqual({
        code: -32005,
        message: 'limit exceeded: the relay holds its maximum of 5 subscriptions',
      });
      expect((await b.call('irn_subscribe', { topic: topic('b1') })).result).toMatch(/^[0-9a-f]{64}$/);
      expect((await b.call('irn_subscribe', { topic: topic('b2') })).error.code).toBe(-32005);
      await a.call('irn_unsubscribe', { topic: mine[0] });
      expect((await b.call('irn_subscribe', { topic: topic('b2') })).result).toMatch(/^[0-9a-f]{64}$/);
      expect(r.stats().subscriptions).toBe(5);
    });
  });
});

describe('limits: clients and sockets', () => {
  it('maxClients: a new client id gets HTTP 503 while all are connected, then takes the longest-offline one’s place', async () => {
    await withRelay({ limits: { maxClients: 2 } }, async (r) => {
      const a = await rawClient(r.url, 'KeepA');
      await a.call('irn_subscribe', { topic: topic('kept') });
      const b = await rawClient(r.url, 'KeepB');
      expect(await upgradeStatus(r.url, 'KeepC')).toBe(503);
      expect(await upgradeStatus(r.url, 'KeepA')).toBe(101); // a known client id may open another socket
      a.close();
      await waitFor(() => r.stats().connections === 1, 2000, 'A offline');
      expect(r.stats()).toMatchObject({ clients: 2, subscriptions: 1 });
      const c = await rawClient(r.url, 'KeepC');
      expect(r.stats()).toMatchObject({ clients: 2, subscriptions: 0 }); // A and its subscription are gone
      expect((await c.call('irn_subscribe', { topic: topic('c') })).result).toMatch(/^[0-9a-f]{64}$/);
      expect(b.ws.readyState).toBe(WebSocket.OPEN);
    });
  });

  it('maxConnectionsPerIp: HTTP 429 past the cap from one address, room again when a socket closes', async () => {
    await withRelay({ limits: { maxConnectionsPerIp: 3 } }, async (r) => {
      const open = await Promise.all([1, 2, 3].map((i) => rawClient(r.url, `Ip${i}`)));
      expect(await upgradeStatus(r.url, 'Ip4')).toBe(429);
      open[0]!.close();
      await waitFor(() => r.stats().connections === 2, 2000, 'one closed');
      expect(await upgradeStatus(r.url, 'Ip4')).toBe(101);
    });
  });

  it('behind a trusted load balancer (loopback here) each forwarded visitor has their own connection cap; attack: without it, an X-Forwarded-For buys nothing', async () => {
    const from = (address: string) => ({ 'x-forwarded-for': address });
    await withRelay({ limits: { maxNewConnectionsPerIpPerSecond: 1 }, trustedProxies: ['loopback'] }, async (r) => {
      expect(await upgradeStatus(r.url, 'VisitorA', from('198.51.100.1'))).toBe(101);
      expect(await upgradeStatus(r.url, 'VisitorB', from('198.51.100.2'))).toBe(101);
      expect(await upgradeStatus(r.url, 'VisitorA2', from('198.51.100.1'))).toBe(429);
    });
    await withRelay({ limits: { maxNewConnectionsPerIpPerSecond: 1 } }, async (r) => {
      expect(await upgradeStatus(r.url, 'SpooferA', from('198.51.100.1'))).toBe(101);
      expect(await upgradeStatus(r.url, 'SpooferB', from('198.51.100.2'))).toBe(429);
    });
  });

  it('maxNewConnectionsPerIpPerSecond: sockets opened faster than it from one address get HTTP 429 before their token is checked', async () => {
    await withRelay({ limits: { maxNewConnectionsPerIpPerSecond: 3 } }, async (r) => {
      const t0 = Date.now();
      // A stranger opening sockets with forged tokens, each one a signature check for the relay.
      for (let i = 0; i < 3; i++) expect(await socketOutcome(r.url, 'not-a-jwt')).toMatchObject({ code: 1008 });
      expect(await socketOutcome(r.url, 'not-a-jwt')).toEqual({ status: 429 });
      expect(await upgradeStatus(r.url, 'Honest')).toBe(429);
      const elsewhere = await rawClient(r.url, 'Elsewhere', { localAddress: '127.0.0.2' });
      expect(Date.now() - t0).toBeLessThan(1000); // all within one second
      await sleep(1100);
      expect(await upgradeStatus(r.url, 'Honest')).toBe(101);
      elsewhere.close();
    });
  });

  it('maxMessagesPerSecond: 10x in one second, or over it for a 4th second in a row, is a flood', () => {
    const burst = new RateWindow(20);
    expect(burst.add(20, 0)).toBe('ok');
    expect(burst.add(1, 10)).toBe('limited');
    expect(burst.add(179, 20)).toBe('limited'); // 200: exactly 10x
    expect(burst.add(1, 30)).toBe('flood');
    const steady = new RateWindow(20);
    for (const second of [0, 1, 2]) expect(steady.add(30, second * 1000)).toBe('limited');
    expect(steady.add(20, 3000)).toBe('ok');
    expect(steady.add(1, 3100)).toBe('flood');
    const calm = new RateWindow(20);
    for (const second of [0, 1, 3]) expect(calm.add(30, second * 1000)).toBe('limited'); // a quiet second breaks the streak
    expect(calm.add(30, 4000)).toBe('limited');
  });

  it('ipKey counts IPv4 addresses one by one and IPv6 by /64', () => {
    expect(ipKey('127.0.0.1')).toBe('127.0.0.1');
    expect(ipKey('::ffff:10.0.0.1')).toBe('10.0.0.1');
    expect(ipKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(ipKey('2001:DB8:1:2::9')).toBe('2001:db8:1:2::/64');
    expect(ipKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(ipKey('::1')).toBe('0:0:0:0::/64');
    expect(ipKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(ipKey(undefined)).toBe('unknown');
  });

  it('maxSilentMs: sockets that pong or talk stay; one silent past it is terminated (1006, never 3000)', async () => {
    await withRelay({ pingIntervalMs: 50, limits: { maxSilentMs: 300 } }, async (r) => {
      const live = await rawClient(r.url, 'Pongs');
      const talker = await rawClient(r.url, 'Talks', { autoPong: false });
      const dead = await rawClient(r.url, 'Silent', { autoPong: false });
      const talking = setInterval(() => talker.send({ id: 1, jsonrpc: '2.0', result: true }), 100); // an ack: traffic, no reply
      try {
        expect((await dead.closed).code).toBe(1006);
        await sleep(500);
        expect(live.ws.readyState).toBe(WebSocket.OPEN);
        expect(talker.ws.readyState).toBe(WebSocket.OPEN);
        expect(r.stats().connections).toBe(2);
      } finally {
        clearInterval(talking);
      }
    });
  });

  it('maxSilentMs: a published WalletConnect client stays connected across many silence windows', async () => {
    const log: string[] = [];
    await withRelay({ pingIntervalMs: 100, limits: { maxSilentMs: 400 }, logLevel: 'info', logWrite: (l) => log.push(l) }, async (r) => {
      const dapp = await createDapp(r.url);
      try {
        await dapp.connect({ optionalNamespaces: { eip155: { chains: ['eip155:31337'], methods: ['personal_sign'], events: [] } } });
        await waitFor(() => r.stats().connections === 1, 5000, 'dapp socket');
        await sleep(1500);
        expect(log.filter((l) => / disconnect | silent for /.test(l))).toEqual([]);
        expect(dapp.core.relayer.connected).toBe(true);
      } finally {
        await shutdown(dapp);
      }
    });
  });

  it('startRelay refuses a ping interval that is not shorter than maxSilentMs', async () => {
    await expect(startRelay({ port: 0, logLevel: 'silent', pingIntervalMs: 1000, limits: { maxSilentMs: 1000 } })).rejects.toThrow(
      'pingIntervalMs (1000) must be shorter than limits.maxSilentMs (1000)',
    );
  });

  it('maxOfflineMs: an offline client id and its subscriptions are forgotten after it, not before', async () => {
    await withRelay({ sweepIntervalMs: 20, limits: { maxOfflineMs: 400 } }, async (r) => {
      const a = await rawClient(r.url, 'Gone');
      await a.call('irn_subscribe', { topic: topic('gone') });
      a.close();
      await waitFor(() => r.stats().connections === 0, 2000, 'closed');
      await sleep(150);
      expect(r.stats()).toMatchObject({ clients: 1, subscriptions: 1 });
      await waitFor(() => r.stats().clients === 0, 2000, 'forgotten');
      expect(r.stats()).toMatchObject({ subscriptions: 0, topics: 0 });
    });
  });
});

describe('limits: mailbox in bytes', () => {
  const message = (i: number) => `m${i}`.padEnd(100, 'x');
  const cost = 100 + 64 + MESSAGE_OVERHEAD_BYTES; // a 100-byte message on a 64-character topic

  it('maxMailboxBytesPerClient: a publisher past its share gets -32005, others still publish; TTL expiry frees it', async () => {
    await withRelay({ sweepIntervalMs: 50, limits: { maxMailboxBytesPerClient: 3 * cost } }, async (r) => {
      const hog = await rawClient(r.url, 'Hog');
      const other = await rawClient(r.url, 'Fair');
      const t = topic('share');
      for (const i of [1, 2, 3]) expect((await hog.call('irn_publish', { topic: t, message: message(i), ttl: 1 })).result).toBe(true);
      expect((await hog.call('irn_publish', { topic: topic('elsewhere'), message: message(4), ttl: 60 })).error).toEqual({
        code: -32005,
        message: `limit exceeded: this client's share of the mailbox is full (${3 * cost} bytes)`,
      });
      expect((await other.call('irn_publish', { topic: t, message: message(5), ttl: 60 })).result).toBe(true);
      expect(r.stats()).toMatchObject({ storedMessages: 4, storedBytes: 4 * cost });
      await waitFor(() => r.stats().storedMessages === 1, 3000, 'expiry');
      expect((await hog.call('irn_publish', { topic: t, message: message(4), ttl: 60 })).result).toBe(true);
    });
  });

  it('maxMailboxBytesPerIp: fresh client ids from one address share its share; a publish from another address still fits', async () => {
    // The attack: a new client id per few messages, each under its own share, until the whole mailbox is full.
    await withRelay({ limits: { maxMailboxBytes: 6 * cost, maxMailboxBytesPerIp: 4 * cost, maxMailboxBytesPerClient: 2 * cost } }, async (r) => {
      const replies = [];
      for (let id = 0; id < 5; id++) {
        const stranger = await rawClient(r.url, `Stranger${id}`, { localAddress: '127.0.0.2' });
        for (const i of [1, 2]) replies.push(await stranger.call('irn_publish', { topic: topic(`s${id}`), message: message(10 * id + i), ttl: 60 }));
        stranger.close();
      }
      expect(replies.filter((reply) => reply.result === true)).toHaveLength(4);
      expect(replies.slice(4).map((reply) => reply.error)).toEqual(
        Array(6).fill({ code: -32005, message: `limit exceeded: this IP address's share of the mailbox is full (${4 * cost} bytes)` }),
      );
      const dapp = await rawClient(r.url, 'Dapp'); // 127.0.0.1
      expect((await dapp.call('irn_publish', { topic: topic('session'), message: message(99), ttl: 60 })).result).toBe(true);
      expect(r.stats()).toMatchObject({ storedMessages: 5, storedBytes: 5 * cost });
    });
  });

  it('maxUnackedBytes: deliveries to a socket that does not ack wait; acks release them in order', async () => {
    await withRelay({ limits: { maxUnackedBytes: 3 * cost } }, async (r) => {
      const t = topic('unacked');
      const pub = await rawClient(r.url, 'Loud');
      for (const i of [1, 2, 3, 4, 5]) await pub.call('irn_publish', { topic: t, message: message(i), ttl: 60 });
      const mute = await rawClient(r.url, 'Mute', { ack: false });
      await mute.call('irn_subscribe', { topic: t });
      await waitFor(() => mute.received.filter(isDelivery(t)).length === 3, 2000, 'a window of 3');
      await sleep(150);
      expect(mute.received.filter(isDelivery(t))).toHaveLength(3);
      for (const d of mute.received.filter(isDelivery(t)).slice(0, 2)) mute.send({ id: d.id, jsonrpc: '2.0', result: true });
      await waitFor(() => mute.received.filter(isDelivery(t)).length === 5, 2000, 'the rest after acks');
      expect(mute.received.filter(isDelivery(t)).map((m) => m.params.data.message)).toEqual([1, 2, 3, 4, 5].map(message));
      expect(mute.ws.readyState).toBe(WebSocket.OPEN);
    });
  });

  it('maxMailboxBytes: the whole mailbox refuses past its byte total', async () => {
    await withRelay({ limits: { maxMailboxBytes: 4 * cost, maxMailboxBytesPerClient: 2 * cost } }, async (r) => {
      const [a, b, c] = await Promise.all(['A', 'B', 'C'].map((n) => rawClient(r.url, `Total${n}`)));
      for (const [i, x] of [a!, a!, b!, b!].entries()) expect((await x.call('irn_publish', { topic: topic(`t${i}`), message: message(i), ttl: 60 })).result).toBe(true);
      expect((await c!.call('irn_publish', { topic: topic('full'), message: message(9), ttl: 60 })).error).toEqual({
        code: -32005,
        message: `limit exceeded: relay mailbox is full (${4 * cost} bytes)`,
      });
      expect(r.stats().storedBytes).toBe(4 * cost);
    });
  });

  it('de-duplication: a re-published message is stored and delivered once; after expiry it may be stored again', async () => {
    await withRelay({ sweepIntervalMs: 50 }, async (r) => {
      const pub = await rawClient(r.url, 'DupPub');
      const sub = await rawClient(r.url, 'DupSub');
      const t = topic('dup');
      await sub.call('irn_subscribe', { topic: t });
      for (let i = 0; i < 3; i++) expect((await pub.call('irn_publish', { topic: t, message: 'same', ttl: 1 })).result).toBe(true);
      await sub.next(isDelivery(t));
      await sleep(100);
      expect(sub.received.filter(isDelivery(t))).toHaveLength(1);
      expect(r.stats().storedMessages).toBe(1);
      await waitFor(() => r.stats().storedMessages === 0, 3000, 'expiry');
      expect((await pub.call('irn_publish', { topic: t, message: 'same', ttl: 60 })).result).toBe(true);
      expect(r.stats().storedMessages).toBe(1);
    });
  });

  it('maxTtlSeconds: a message waits its publisher\'s TTL and no longer; a longer TTL is cut to the maximum, 7 days by default', () => {
    const mailbox = new Mailbox(DEFAULT_LIMITS);
    const t = topic('ttl');
    const t0 = Date.now();
    const store = (message: string, ttlSeconds: number) => mailbox.store({ publisher: 'p', publisherIp: '127.0.0.1', topic: t, message, ttlSeconds, tag: 0 }, t0)!;
    const request = store('a session request', 300);
    const notify = store('a 30-day Notify message', 30 * 24 * 3600);
    expect(DEFAULT_LIMITS.maxTtlSeconds).toBe(7 * 24 * 3600);
    expect(notify.expiresAt).toBe(t0 + 7 * 24 * 3600 * 1000);
    expect(mailbox.live(t, t0 + 300_000 - 1)).toEqual([request, notify]);
    expect(mailbox.live(t, t0 + 300_000)).toEqual([notify]);
    expect(mailbox.sweep(t0 + 300_000)).toBe(1);
    expect(mailbox.sweep(t0 + 7 * 24 * 3600 * 1000)).toBe(1);
    expect(mailbox.stats()).toEqual({ storedMessages: 0, storedBytes: 0 });
  });

  it('maxTtlSeconds: the relay drops a message at the maximum whatever TTL its publisher asked for', async () => {
    await withRelay({ sweepIntervalMs: 50, limits: { maxTtlSeconds: 1 } }, async (r) => {
      const t = topic('clamped');
      const pub = await rawClient(r.url, 'LongTtl');
      expect((await pub.call('irn_publish', { topic: t, message: 'wants an hour', ttl: 3600 })).result).toBe(true);
      expect(r.stats().storedMessages).toBe(1);
      await waitFor(() => r.stats().storedMessages === 0, 3000, 'the clamped expiry');
      const late = await rawClient(r.url, 'Late');
      expect((await late.call('irn_fetchMessages', { topic: t })).result).toEqual({ messages: [], hasMore: false });
    });
  });

  it('an expired message re-published before the sweep is stored anew, and the sweep keeps the new one', () => {
    const mailbox = new Mailbox(DEFAULT_LIMITS);
    const t = topic('stale');
    const t0 = Date.now();
    const first = mailbox.store({ publisher: 'p', publisherIp: '127.0.0.1', topic: t, message: 'again', ttlSeconds: 1, tag: 0 }, t0);
    const again = mailbox.store({ publisher: 'p', publisherIp: '127.0.0.1', topic: t, message: 'again', ttlSeconds: 60, tag: 0 }, t0 + 1500);
    expect(again).not.toBeNull();
    expect(again).not.toBe(first);
    expect(mailbox.sweep(t0 + 3000)).toBe(0);
    expect(mailbox.live(t, t0 + 3000)).toEqual([again]);
    expect(mailbox.stats()).toEqual({ storedMessages: 1, storedBytes: again!.bytes });
    expect(mailbox.sweep(t0 + 62_000)).toBe(1); // it expires at t0 + 61.5 s
    expect(mailbox.stats()).toEqual({ storedMessages: 0, storedBytes: 0 });
  });

  it('de-duplication is O(1): 20,000 retries against a topic holding 20,000 messages finish in under 2 s', () => {
    const mailbox = new Mailbox(DEFAULT_LIMITS);
    const t = topic('big');
    const messages = Array.from({ length: 20_000 }, (_, i) => `message-${i}`);
    for (const m of messages) mailbox.store({ publisher: 'p', publisherIp: '127.0.0.1', topic: t, message: m, ttlSeconds: 60, tag: 0 });
    const t0 = performance.now();
    const retries = messages.map((m) => mailbox.store({ publisher: 'p', publisherIp: '127.0.0.1', topic: t, message: m, ttlSeconds: 60, tag: 0 }));
    const elapsed = performance.now() - t0;
    expect(retries.every((r) => r === null)).toBe(true);
    expect(mailbox.stats().storedMessages).toBe(20_000);
    // ~50 ms by hash; scanning the topic per retry (as before) took 20–70 s here
    expect(elapsed).toBeLessThan(2000);
  });
});

describe('limits: configuration', () => {
  it('resolveLimits: defaults, overrides, and a clear error for unknown keys and non-positive values', () => {
    expect(resolveLimits()).toEqual(DEFAULT_LIMITS);
    expect(resolveLimits({ maxTopicsPerCall: 7 })).toEqual({ ...DEFAULT_LIMITS, maxTopicsPerCall: 7 });
    expect(() => resolveLimits({ maxTopicPerCall: 7 })).toThrow('relay limits: maxTopicPerCall');
    for (const bad of [0, -1, 1.5, '7', Infinity]) expect(() => resolveLimits({ maxClients: bad })).toThrow('relay limits: maxClients');
  });

  it('limitsFromEnv reads RELAY_LIMIT_* names and refuses unknown names and non-integers', () => {
    expect(limitEnvName('maxTopicsPerClient')).toBe('RELAY_LIMIT_MAX_TOPICS_PER_CLIENT');
    expect(limitsFromEnv({ RELAY_LIMIT_MAX_TOPICS_PER_CALL: '7', RELAY_LIMIT_MAX_SILENT_MS: '', RELAY_LOG: '1', PATH: '/bin' })).toEqual({ maxTopicsPerCall: 7 });
    expect(() => limitsFromEnv({ RELAY_LIMIT_MAX_TOPIC_PER_CALL: '7' })).toThrow('RELAY_LIMIT_MAX_TOPIC_PER_CALL is not a relay limit');
    expect(() => limitsFromEnv({ RELAY_LIMIT_MAX_CLIENTS: '1e3' })).toThrow('RELAY_LIMIT_MAX_CLIENTS must be a positive integer, got "1e3"');
    expect(() => limitsFromEnv({ RELAY_LIMIT_MAX_CLIENTS: '0' })).toThrow('relay limits: maxClients');
  });

  it('startRelay refuses unknown options and limits; dropConnections refuses code 3000', async () => {
    await expect(startRelay({ port: 0, logLevel: 'silent', limits: { maxFoo: 1 } as Partial<RelayLimits> })).rejects.toThrow('relay limits: maxFoo');
    await expect(startRelay({ port: 0, logLevel: 'silent', clientIdleMs: 5 } as RelayOptions)).rejects.toThrow('startRelay:');
    await withRelay({}, async (r) => {
      expect(() => r.dropConnections(3000)).toThrow(RangeError);
    });
  });

  it('the README documents every limit with its environment variable', () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    for (const key of Object.keys(DEFAULT_LIMITS) as Array<keyof RelayLimits>) {
      expect(readme).toContain(`\`${key}\``);
      expect(readme).toContain(limitEnvName(key));
    }
  });

  // main.test.ts has the CLI's bad-environment exits (RELAY_LIMIT_MAX_CLIENTS=lots among them).
  it('the CLI takes limits from the environment (RELAY_LIMIT_MAX_CONNECTIONS_PER_IP=1)', async () => {
    const cli = runServiceCli(new URL('..', import.meta.url), { PORT: '0', LOG_LEVEL: 'silent', RELAY_LIMIT_MAX_CONNECTIONS_PER_IP: '1' });
    try {
      const [url] = await cli.waitForStdout(/^ws:\/\/\S+$/m);
      const first = await rawClient(url, 'Cli1');
      expect(await upgradeStatus(url, 'Cli2')).toBe(429);
      first.close();
    } finally {
      await cli.stop();
    }
  });
});
