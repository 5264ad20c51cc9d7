// /metrics in Prometheus' text format, in-memory mode (cluster mode's figures: cluster.test.ts).
import { createHash } from 'node:crypto';
import { describe, expect, it } from '@rstest/core';
import { messageCost } from '../src/mailbox';
import { startRelay } from '../src/relay';
import { rawClient, upgradeStatus, waitFor } from './helpers';

const topic = (name: string) => createHash('sha256').update(name + Math.random()).digest('hex');
const isDelivery = (t: string) => (m: any) => m?.method === 'irn_subscription' && m.params?.data?.topic === t;

const METRICS_TOKEN = 'relay-metrics-token-0123456789abcdef';
const metricsUrl = (relay: { url: string }) => `${relay.url.replace(/^ws/, 'http')}/metrics`;

describe('/metrics', () => {
  it('counts sockets, messages relayed, mailbox bytes and rate-limit hits', async () => {
    const relay = await startRelay({ port: 0, logLevel: 'silent', limits: { maxMessagesPerSecond: 5, maxConnectionsPerIp: 3 }, metricsToken: METRICS_TOKEN });
    const scrape = async () => {
      const res = await fetch(metricsUrl(relay), { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      return res.text();
    };
    const value = (text: string, series: string) => Number(text.split('\n').find((l) => l.startsWith(`${series} `))?.split(' ')[1]);
    try {
      const pub = await rawClient(relay.url, 'MetricsPub');
      const sub = await rawClient(relay.url, 'MetricsSub');
      const t = topic('metrics');
      await sub.call('irn_subscribe', { topic: t });
      await pub.call('irn_publish', { topic: t, message: 'counted', ttl: 60 });
      await sub.next(isDelivery(t));
      // One socket more from this address is refused, and a burst over 5 frames a second is limited.
      const third = await rawClient(relay.url, 'MetricsThird');
      expect(await upgradeStatus(relay.url, 'MetricsFourth')).toBe(429);
      const burst = await Promise.all(Array.from({ length: 7 }, () => third.call('irn_subscribe', { topic: topic('burst') })));
      expect(burst.filter((r) => r.error?.code === -32005)).toHaveLength(2);

      const text = await scrape();
      expect(text).toContain('# TYPE portico_relay_sockets_open gauge');
      expect(value(text, 'portico_relay_sockets_open')).toBe(3);
      expect(value(text, 'portico_relay_messages_published_total')).toBe(1);
      expect(value(text, 'portico_relay_messages_relayed_total')).toBe(1);
      expect(value(text, 'portico_relay_mailbox_messages')).toBe(1);
      expect(value(text, 'portico_relay_mailbox_bytes')).toBe(messageCost(t, 'counted'));
      expect(value(text, 'portico_relay_rate_limit_hits_total{limit="connections_per_ip"}')).toBe(1);
      expect(value(text, 'portico_relay_rate_limit_hits_total{limit="messages_per_second"}')).toBe(2);
      expect(text).not.toContain('portico_relay_redis_up'); // in memory: no Redis

      // A fetch relays too.
      const reader = await rawClient(relay.url, 'MetricsReader', { localAddress: '127.0.0.2' });
      expect((await reader.call('irn_fetchMessages', { topic: t })).result.messages).toHaveLength(1);
      await waitFor(async () => value(await scrape(), 'portico_relay_messages_relayed_total') === 2, 2000, 'fetched message counted');
      [pub, sub, third, reader].forEach((c) => c.close());
    } finally {
      await relay.close();
    }
  });

  it('attack: the figures go only to the metrics token: none, a wrong one, or one outside the header is refused; no token set, no /metrics', async () => {
    const relay = await startRelay({ port: 0, logLevel: 'silent', metricsToken: METRICS_TOKEN });
    const open = await startRelay({ port: 0, logLevel: 'silent' });
    try {
      const statuses = await Promise.all(
        [undefined, 'Bearer wrong-token-0123456789abcdef0123', METRICS_TOKEN, `Basic ${btoa(`x:${METRICS_TOKEN}`)}`].map(
          async (authorization) => (await fetch(metricsUrl(relay), { headers: authorization ? { authorization } : {} })).status,
        ),
      );
      expect(statuses).toEqual([401, 401, 401, 401]);
      expect((await fetch(`${metricsUrl(relay)}?token=${METRICS_TOKEN}`)).status).toBe(426);
      // Without a token the path is only the relay's WebSocket endpoint, which answers plain HTTP with 426.
      const unserved = await fetch(metricsUrl(open), { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      expect(unserved.status).toBe(426);
      expect(await unserved.text()).not.toContain('portico_relay');
    } finally {
      await Promise.all([relay.close(), open.close()]);
    }
  });
});
