/**
 * /metrics in Prometheus' text format (issue 34): requests by route pattern and status, their durations, rate-limit
 * hits by limit, login mails, the database and the indexers; and who may read it: only a scrape carrying the
 * operator's Bearer token, and no /metrics at all without one configured.
 */
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { METRICS_TOKEN_REQUIRED } from '../src/app';
import type { ChainRuntime } from '../src/chains/runtime';
import type { Db } from '../src/db/client';
import { ApiMetrics } from '../src/metrics';
import type { RunningApi } from '../src/server';
import { authClient, newDevice } from './auth-helpers';
import { startSmtpSink, type SmtpSink } from './auth-smtp';
import { getJson, PROJECT, start } from './helpers';

const TOKEN = 'portico-metrics-test-token-0123456789abcdef';
const ADDRESS = (n: number) => `0x${String(n).padStart(40, '0')}`;

let sink: SmtpSink;
/** Scraped with TOKEN; 6 requests per project, 40 per client IP. */
let api: RunningApi;
/** No token configured: no /metrics. */
let open: RunningApi;

beforeAll(async () => {
  sink = await startSmtpSink();
  [api, open] = await Promise.all([
    start({
      development: true,
      indexer: { enabled: false },
      auth: { smtpUrl: sink.url },
      rateLimits: { perProject: { points: 6, durationS: 60 }, perIp: { points: 40, durationS: 60 } },
      metricsToken: TOKEN,
    }),
    start({ development: true, indexer: { enabled: false } }),
  ]);
});
afterAll(async () => {
  await Promise.all([api, open].map((a) => a?.close()));
  await sink?.close();
});

async function scrape(a: RunningApi): Promise<string> {
  const res = await fetch(`${a.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.text();
}

/** The sample of one series (`name{labels}` exactly as exposed); NaN when it is not there. */
const value = (text: string, series: string) => Number(text.split('\n').find((l) => l.startsWith(`${series} `))?.split(' ')[1]);

/** A GET from another client IP (a loopback alias: Linux routes all of 127/8 to the API on 127.0.0.1). */
function statusFrom(url: string, fromIp: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { localAddress: fromIp }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode!));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('/metrics', () => {
  it('counts requests by route pattern (never the URL) and status, and times them', async () => {
    // Two addresses, one route: one series. No chains are configured, so each answers 400.
    for (const n of [1, 2]) expect((await getJson(`${api.url}/v1/account/${ADDRESS(n)}/balance?projectId=${PROJECT}&chainId=eip155:1`)).status).toBe(400);
    expect((await getJson(`${api.url}/no/such/route/${ADDRESS(3)}`)).status).toBe(404);
    expect((await getJson(`${api.url}/healthz`)).status).toBe(200);

    const text = await scrape(api);
    expect(text).toContain('# TYPE portico_api_http_requests_total counter');
    expect(value(text, 'portico_api_http_requests_total{method="GET",route="/v1/account/:address/balance",status="400"}')).toBe(2);
    expect(value(text, 'portico_api_http_requests_total{method="GET",route="unmatched",status="404"}')).toBe(1);
    expect(value(text, 'portico_api_http_requests_total{method="GET",route="/healthz",status="200"}')).toBe(1);
    expect(text).not.toContain(ADDRESS(1));
    expect(text).not.toContain('/no/such/route');

    expect(text).toContain('# TYPE portico_api_http_request_duration_seconds histogram');
    const balance = 'method="GET",route="/v1/account/:address/balance"';
    expect(value(text, `portico_api_http_request_duration_seconds_count{${balance}}`)).toBe(2);
    expect(value(text, `portico_api_http_request_duration_seconds_bucket{le="+Inf",${balance}}`)).toBe(2);
    expect(value(text, `portico_api_http_request_duration_seconds_sum{${balance}}`)).toBeGreaterThan(0);
    expect(value(text, 'portico_api_database_up')).toBe(1);
    // No chain is configured: no indexer, no lag series.
    expect(text).toContain('# TYPE portico_api_indexer_lag_blocks gauge');
    expect(text).not.toMatch(/^portico_api_indexer_lag_blocks\{/m);
  });

  it('counts each rate-limit refusal under its limit', async () => {
    // A project of its own, so that the other tests' requests leave its budget whole.
    const chains = `${api.url}/v1/supported-chains?projectId=portico-demo-restricted`;
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await getJson(chains)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429]);

    // One client IP over its 40 requests a minute; the scrape, from 127.0.0.1, still passes.
    const ipStatuses: number[] = [];
    for (let i = 0; i < 41; i++) ipStatuses.push(await statusFrom(`${api.url}/v1/token-images/ETH`, '127.0.0.9'));
    expect(ipStatuses.filter((s) => s === 429)).toHaveLength(1);

    // A login mail, then the same address again at once: the 30 s throttle refuses it.
    const c = authClient(api, sink);
    const email = 'metrics@example.com';
    expect((await c.post('/v1/auth/email', { email, deviceId: newDevice() })).body).toEqual({ action: 'VERIFY_DEVICE' });
    await sink.next(email);
    expect((await c.post('/v1/auth/email', { email, deviceId: newDevice() })).status).toBe(429);

    const text = await scrape(api);
    expect(text).toContain('# TYPE portico_api_rate_limit_hits_total counter');
    expect(value(text, 'portico_api_rate_limit_hits_total{limit="project"}')).toBe(1);
    expect(value(text, 'portico_api_rate_limit_hits_total{limit="ip"}')).toBe(1);
    expect(value(text, 'portico_api_rate_limit_hits_total{limit="auth-mail-throttle"}')).toBe(1);
    expect(value(text, 'portico_api_http_requests_total{method="GET",route="/v1/supported-chains",status="429"}')).toBe(1);
    // The limiter refused it before any handler ran; the label is still the route it was for.
    expect(value(text, 'portico_api_http_requests_total{method="GET",route="/v1/token-images/:symbol",status="429"}')).toBe(1);
    expect(value(text, 'portico_api_http_requests_total{method="POST",route="/v1/auth/email",status="429"}')).toBe(1);
    expect(value(text, 'portico_api_mails_total{result="sent"}')).toBe(1);
  });

  it('an attacker without the token reads nothing: 401 with a token configured, 404 without one', async () => {
    const attempts: Record<string, string>[] = [
      {},
      { authorization: 'Bearer wrong-token-wrong-token-wrong-token-00' },
      { authorization: `Bearer ${TOKEN}x` },
      { authorization: `Bearer ${TOKEN.slice(0, -1)}` },
      { authorization: TOKEN },
      { authorization: `Basic ${Buffer.from(`metrics:${TOKEN}`).toString('base64')}` },
    ];
    for (const headers of attempts) {
      const res = await getJson(`${api.url}/metrics`, { headers });
      expect(res).toMatchObject({ status: 401, body: { error: METRICS_TOKEN_REQUIRED } });
      expect(JSON.stringify(res.body)).not.toContain('portico_api_');
    }
    // The token in the query is no token.
    expect((await getJson(`${api.url}/metrics?token=${TOKEN}`)).status).toBe(401);
    expect(value(await scrape(api), 'portico_api_http_requests_total{method="GET",route="/metrics",status="401"}')).toBe(attempts.length + 1);

    // No token configured: there is no /metrics, whatever the request carries.
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }] as Record<string, string>[]) {
      const res = await getJson(`${open.url}/metrics`, { headers });
      expect(res).toMatchObject({ status: 404, body: { error: 'path: no route for GET /metrics' } });
    }
  });

  it('registries are per API: one API\'s requests are not in the other\'s figures', async () => {
    const before = value(await scrape(api), 'portico_api_http_requests_total{method="GET",route="/healthz",status="200"}');
    for (let i = 0; i < 3; i++) expect((await getJson(`${open.url}/healthz`)).status).toBe(200);
    expect(value(await scrape(api), 'portico_api_http_requests_total{method="GET",route="/healthz",status="200"}')).toBe(before);
  });
});

describe('ApiMetrics gauges', () => {
  const chains = (lags: (number | null)[]) =>
    ({ list: () => lags.map((lag, i) => ({ config: { caipNetworkId: `eip155:${i + 1}` }, indexer: { status: () => ({ lag }) } })) }) as unknown as ChainRuntime;
  const db = (query: () => Promise<unknown>) => ({ query }) as unknown as Db;

  it("the indexers' lag per chain; a chain not yet polled has none", async () => {
    const text = await new ApiMetrics({ db: db(async () => ({ rows: [] })), chains: chains([3, null]) }).text();
    expect(value(text, 'portico_api_indexer_lag_blocks{chain="eip155:1"}')).toBe(3);
    expect(text).not.toContain('chain="eip155:2"');
    expect(value(text, 'portico_api_database_up')).toBe(1);
  });

  it('a database that refuses, or does not answer within 2 s, is down', async () => {
    const refusing = new ApiMetrics({ db: db(() => Promise.reject(new Error('connection refused'))), chains: chains([]) });
    expect(value(await refusing.text(), 'portico_api_database_up')).toBe(0);
    const hanging = new ApiMetrics({ db: db(() => new Promise(() => {})), chains: chains([]) });
    const started = Date.now();
    expect(value(await hanging.text(), 'portico_api_database_up')).toBe(0);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_900);
  });
});
