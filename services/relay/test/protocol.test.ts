import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { MESSAGE_OVERHEAD_BYTES } from '../src/mailbox';
import { startRelay, type RelayHandle } from '../src/relay';
import { ID_PREFIX_BYTES } from '../src/transport';
import { rawClient, waitFor } from './helpers';

const topic = (name: string) => createHash('sha256').update(name + Math.random()).digest('hex');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const isDelivery = (t: string) => (m: any) => m?.method === 'irn_subscription' && m.params?.data?.topic === t;

let relay: RelayHandle;
beforeAll(async () => {
  relay = await startRelay({ port: 0, logLevel: 'silent', sweepIntervalMs: 100 });
});
afterAll(async () => {
  await relay?.close();
});

describe('relay protocol', () => {
  it('irn_subscribe answers sha256hex(topic + clientId) and echoes the request id exactly', async () => {
    const a = await rawClient(relay.url, 'Alice');
    const t = topic('sub');
    const reply = await a.call('irn_subscribe', { topic: t }, '1712345678901234567');
    expect(reply).toEqual({ id: '1712345678901234567', jsonrpc: '2.0', result: createHash('sha256').update(t + a.clientId).digest('hex') });
    // a bare 19-digit number token comes back as the same token, not a rounded double
    a.send(`{"id":1712345678901234567,"jsonrpc":"2.0","method":"irn_unsubscribe","params":{"topic":"${t}"}}`);
    await waitFor(() => a.texts.find((x) => x.includes('"id":1712345678901234567,')), 2000, 'raw id reply');
    expect(a.texts.at(-1)).toBe('{"id":1712345678901234567,"jsonrpc":"2.0","result":true}');
    a.close();
  });

  it('mailbox: a message published before anyone subscribes is delivered on subscribe', async () => {
    const pub = await rawClient(relay.url, 'Pub');
    const sub = await rawClient(relay.url, 'Sub');
    const t = topic('mailbox');
    expect((await pub.call('irn_publish', { topic: t, message: 'hello', ttl: 300, tag: 1108, prompt: false })).result).toBe(true);
    const subReply = await sub.call('irn_subscribe', { topic: t });
    const delivery = await sub.next(isDelivery(t));
    expect(sub.received.indexOf(subReply)).toBeLessThan(sub.received.indexOf(delivery)); // result first, then mail
    expect(delivery.jsonrpc).toBe('2.0');
    expect(delivery.params).toEqual({
      id: subReply.result,
      data: { topic: t, message: 'hello', publishedAt: expect.any(Number), tag: 1108, attestation: '' },
    });
    // acked → not delivered again on a second subscribe
    await sleep(50);
    await sub.call('irn_subscribe', { topic: t });
    await sleep(100);
    expect(sub.received.filter(isDelivery(t))).toHaveLength(1);
    pub.close();
    sub.close();
  });

  it('publish goes to every other subscriber and never back to the publisher', async () => {
    const a = await rawClient(relay.url, 'A');
    const b = await rawClient(relay.url, 'B');
    const c = await rawClient(relay.url, 'C');
    const t = topic('fanout');
    for (const x of [a, b, c]) await x.call('irn_subscribe', { topic: t });
    await a.call('irn_publish', { topic: t, message: 'from-a', ttl: 60 });
    await b.next(isDelivery(t));
    await c.next(isDelivery(t));
    await sleep(150);
    expect(a.received.filter(isDelivery(t))).toHaveLength(0);
    // unsubscribe stops delivery
    await c.call('irn_unsubscribe', { topic: t, id: 'x' });
    await a.call('irn_publish', { topic: t, message: 'second', ttl: 60 });
    await waitFor(() => b.received.filter(isDelivery(t)).length === 2, 2000, 'b second');
    await sleep(100);
    expect(c.received.filter(isDelivery(t))).toHaveLength(1);
    [a, b, c].forEach((x) => x.close());
  });

  it('messages expire after their ttl', async () => {
    const pub = await rawClient(relay.url, 'Ttl');
    const t = topic('ttl');
    await pub.call('irn_publish', { topic: t, message: 'short-lived', ttl: 1 });
    const storedBefore = relay.stats().storedMessages;
    await sleep(1200);
    expect(relay.stats().storedMessages).toBeLessThan(storedBefore); // swept
    const sub = await rawClient(relay.url, 'Late');
    await sub.call('irn_subscribe', { topic: t });
    await sleep(150);
    expect(sub.received.filter(isDelivery(t))).toHaveLength(0);
    pub.close();
    sub.close();
  });

  it('an unacked delivery is delivered again after the client reconnects and batch-subscribes', async () => {
    const pub = await rawClient(relay.url, 'P2');
    const first = await rawClient(relay.url, 'Flaky', { ack: false });
    const t = topic('redeliver');
    await first.call('irn_batchSubscribe', { topics: [t] });
    await pub.call('irn_publish', { topic: t, message: 'must arrive', ttl: 60 });
    await first.next(isDelivery(t));
    first.ws.terminate();
    await sleep(100);
    await pub.call('irn_publish', { topic: t, message: 'while offline', ttl: 60 });
    const again = await rawClient(relay.url, 'Flaky');
    const ids = await again.call('irn_batchSubscribe', { topics: [t] });
    expect(ids.result).toHaveLength(1);
    await waitFor(() => again.received.filter(isDelivery(t)).length === 2, 2000, 'redelivery');
    expect(again.received.filter(isDelivery(t)).map((m) => m.params.data.message).sort()).toEqual(['must arrive', 'while offline']);
    pub.close();
    again.close();
  });

  it('batch publish, fetchMessages / batchFetchMessages ({messages, hasMore}), batchUnsubscribe', async () => {
    const small = await startRelay({ port: 0, logLevel: 'silent', limits: { fetchPageSize: 2 } });
    try {
      const pub = await rawClient(small.url, 'BP');
      const reader = await rawClient(small.url, 'Reader');
      const [t1, t2] = [topic('f1'), topic('f2')];
      const r = await pub.call('irn_batchPublish', {
        messages: [
          { topic: t1, message: 'm1', ttl: 60 },
          { topic: t1, message: 'm2', ttl: 60 },
          { topic: t2, message: 'm3', ttl: 60, tag: 7 },
        ],
      });
      expect(r.result).toBe(true);
      const one = await reader.call('irn_fetchMessages', { topic: t2 });
      expect(one.result).toEqual({ messages: [{ topic: t2, message: 'm3', publishedAt: expect.any(Number), tag: 7, attestation: '' }], hasMore: false });
      const page1 = await reader.call('irn_batchFetchMessages', { topics: [t1, t2] });
      expect(page1.result.messages.map((m: any) => m.message)).toEqual(['m1', 'm2']);
      expect(page1.result.hasMore).toBe(false);
      expect((await pub.call('irn_fetchMessages', { topic: t1 })).result).toEqual({ messages: [], hasMore: false }); // own messages
      const subs = await reader.call('irn_batchSubscribe', { topics: [t1, t2] });
      expect((await reader.call('irn_batchUnsubscribe', { subscriptions: [{ topic: t1, id: subs.result[0] }, { topic: t2, id: subs.result[1] }] })).result).toBe(true);
      expect(small.stats().topics).toBe(0);
      await pub.call('irn_batchPublish', { messages: ['a', 'b', 'c'].map((message) => ({ topic: t1, message, ttl: 60 })) });
      const more = await reader.call('irn_fetchMessages', { topic: t1 });
      expect(more.result.messages).toHaveLength(2);
      expect(more.result.hasMore).toBe(true);
      pub.close();
      reader.close();
    } finally {
      await small.close();
    }
  });

  it('JSON-RPC batch arrays get an array of replies; notifications and acks get none', async () => {
    const a = await rawClient(relay.url, 'Batch');
    const t = topic('batch');
    a.send([
      { id: '1000000000000000001', jsonrpc: '2.0', method: 'irn_subscribe', params: { topic: t } },
      { jsonrpc: '2.0', method: 'irn_subscribe', params: { topic: t } },
      { id: 5, jsonrpc: '2.0', result: true },
      { id: 6, jsonrpc: '2.0', method: 'nope' },
    ]);
    const reply = await a.next((m) => Array.isArray(m));
    expect(reply).toHaveLength(2);
    expect(reply[0].id).toBe('1000000000000000001');
    expect(reply[1]).toMatchObject({ id: 6, error: { code: -32601 } });
    a.send([]);
    expect((await a.next((m) => m?.error?.code === -32600)).id).toBeNull();
    a.close();
  });

  it('errors: parse -32700, envelope -32600, unknown method -32601, params -32602', async () => {
    const a = await rawClient(relay.url, 'Err');
    a.send('{not json');
    expect(await a.next((m) => m?.error?.code === -32700)).toMatchObject({ id: null, jsonrpc: '2.0', error: { message: 'Parse error' } });
    a.send({ id: 'e1', jsonrpc: '2.0', method: 42 });
    expect((await a.next((m) => m?.id === 'e1')).error.code).toBe(-32600);
    a.send({ id: 'e2', jsonrpc: '1.0', method: 'irn_subscribe', params: {} });
    expect((await a.next((m) => m?.id === 'e2')).error.code).toBe(-32600);
    a.send('"just a string"');
    expect((await a.next((m) => m?.error?.code === -32600 && m.id === null)).error.code).toBe(-32600);
    expect((await a.call('irn_doesNotExist', {})).error).toEqual({ code: -32601, message: 'Method not found: irn_doesNotExist' });
    const bad = await a.call('irn_publish', { topic: topic('p'), message: 'x', ttl: -1 });
    expect(bad.error.code).toBe(-32602);
    expect(bad.error.message).toContain('ttl');
    expect((await a.call('irn_subscribe', { topic: 5 })).error.code).toBe(-32602);
    expect((await a.call('irn_subscribe')).error.code).toBe(-32602);
    expect((await a.call('wc_approveSession', { sessionTopic: topic('s') })).error.code).toBe(-32602);
    // still serving
    expect((await a.call('irn_subscribe', { topic: topic('ok') })).result).toMatch(/^[0-9a-f]{64}$/);
    a.close();
  });

  it('answers /health over plain HTTP', async () => {
    const health = await fetch(relay.url.replace('ws:', 'http:') + '/health');
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ ok: true });
  });

  it('sends ws ping frames and closes with 1001 on shutdown (never 3000)', async () => {
    const quick = await startRelay({ port: 0, logLevel: 'silent', pingIntervalMs: 50 });
    const a = await rawClient(quick.url, 'Ping');
    const pinged = new Promise<void>((resolve) => a.ws.once('ping', () => resolve()));
    await pinged;
    await quick.close();
    expect((await a.closed).code).toBe(1001);
  });
});

describe('relay protection', () => {
  it('oversized message: -32005 under the request\'s own id, the socket stays open; a frame over twice the limit is cut with 1009', async () => {
    const r = await startRelay({ port: 0, logLevel: 'silent', limits: { maxMessageBytes: 1024 } });
    try {
      const a = await rawClient(r.url, 'Big');
      const big = (id: string) => `{"id":${id},"jsonrpc":"2.0","method":"irn_publish","params":{"topic":"${topic('big')}","message":"${'x'.repeat(1500)}","ttl":60}}`;
      // The ids WalletConnect's clients send (a string of 19 digits) and a bare integer too big for a double, kept exactly.
      for (const id of ['"1712345678901234567"', '1712345678901234567']) {
        a.send(big(id));
        await waitFor(() => a.texts.find((t) => t.startsWith(`{"id":${id},`)), 2000, `the reply to ${id}`);
        expect(JSON.parse(a.texts.at(-1)!).error).toEqual({ code: -32005, message: `limit exceeded: message of ${big(id).length} bytes (max 1024)` });
      }
      // Only the first ID_PREFIX_BYTES are searched: an id after them cannot be named.
      a.send(`{"jsonrpc":"2.0","note":"${'n'.repeat(ID_PREFIX_BYTES)}","id":"too-late","method":"irn_publish","params":{"message":"${'x'.repeat(1500)}"}}`);
      await waitFor(() => JSON.parse(a.texts.at(-1)!).id === null, 2000, 'the reply without an id');
      expect(JSON.parse(a.texts.at(-1)!).error.code).toBe(-32005);
      expect(a.ws.readyState).toBe(a.ws.OPEN);
      expect((await a.call('irn_subscribe', { topic: topic('after') })).result).toMatch(/^[0-9a-f]{64}$/); // still serving
      expect(r.stats().storedMessages).toBe(0);
      const b = await rawClient(r.url, 'Huge');
      b.ws.on('error', () => {});
      b.send('y'.repeat(5 * 1024 * 1024));
      expect((await b.closed).code).toBe(1009);
      await waitFor(() => r.stats().connections === 1, 2000, 'the huge one closed');
    } finally {
      await r.close();
    }
  });

  it('subscription flood: -32005 past the per-client topic cap, across sockets of one client id', async () => {
    const r = await startRelay({ port: 0, logLevel: 'silent', limits: { maxTopicsPerClient: 50 } });
    try {
      const a = await rawClient(r.url, 'Flood');
      const replies = await Promise.all(Array.from({ length: 60 }, (_, i) => a.call('irn_subscribe', { topic: topic(`f${i}`) })));
      expect(replies.filter((x) => typeof x.result === 'string')).toHaveLength(50);
      const limited = replies.filter((x) => x.error);
      expect(limited).toHaveLength(10);
      expect(limited[0].error).toMatchObject({ code: -32005, message: expect.stringContaining('limit exceeded') });
      const second = await rawClient(r.url, 'Flood');
      expect((await second.call('irn_batchSubscribe', { topics: [topic('x'), topic('y')] })).error.code).toBe(-32005);
      expect((await second.call('wc_proposeSession', { pairingTopic: topic('p'), sessionProposal: 'x', ttl: 300 })).error.code).toBe(-32005);
      const other = await rawClient(r.url, 'Other');
      expect((await other.call('irn_subscribe', { topic: topic('fine') })).result).toMatch(/^[0-9a-f]{64}$/);
    } finally {
      await r.close();
    }
  });

  it('message-rate flood: -32005 past the per-second budget, close 1008 at 10x', async () => {
    const r = await startRelay({ port: 0, logLevel: 'silent', limits: { maxMessagesPerSecond: 20 } });
    try {
      const a = await rawClient(r.url, 'Rate');
      const replies = await Promise.all(Array.from({ length: 40 }, () => a.call('irn_fetchMessages', { topic: topic('r') })));
      expect(replies.filter((x) => x.result).length).toBeLessThanOrEqual(20);
      expect(replies.filter((x) => x.error?.code === -32005).length).toBeGreaterThanOrEqual(20);
      for (let i = 0; i < 300; i++) a.send({ id: i, jsonrpc: '2.0', method: 'irn_fetchMessages', params: { topic: 'x' } });
      expect((await a.closed).code).toBe(1008);
    } finally {
      await r.close();
    }
  });

  it('mailbox per topic is capped in bytes: -32005 when full, a retry is not counted twice', async () => {
    const t = topic('box');
    const cost = 1 + t.length + MESSAGE_OVERHEAD_BYTES; // one-character messages
    const r = await startRelay({ port: 0, logLevel: 'silent', limits: { maxMailboxBytesPerTopic: 3 * cost } });
    try {
      const a = await rawClient(r.url, 'Box');
      for (const m of ['1', '2', '3']) expect((await a.call('irn_publish', { topic: t, message: m, ttl: 60 })).result).toBe(true);
      expect((await a.call('irn_publish', { topic: t, message: '3', ttl: 60 })).result).toBe(true); // retry of a stored message
      const other = await rawClient(r.url, 'Box2');
      expect((await other.call('irn_publish', { topic: t, message: '4', ttl: 60 })).error).toEqual({
        code: -32005,
        message: `limit exceeded: mailbox for this topic is full (${3 * cost} bytes)`,
      });
      expect(r.stats().storedBytes).toBe(3 * cost);
    } finally {
      await r.close();
    }
  });
});
