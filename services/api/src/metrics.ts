/**
 * `/metrics` in Prometheus' text format (prom-client), as the relay's. One registry per API, not prom-client's global
 * one, so several APIs in one process (the tests) each count their own.
 */
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { ChainRuntime } from './chains/runtime';
import type { Db } from './db/client';
import type { RateLimitName } from './http/rate-limit';

/** What the route label says for a request no route answers (404s, wrong methods): unknown paths never become labels. */
export const UNMATCHED_ROUTE = 'unmatched';

/** Methods the API serves; any other is labelled `other`, so a client cannot mint label values. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** Longest wait for the scrape's `SELECT 1`: a database that hangs counts as down rather than stalling the scrape. */
const DATABASE_CHECK_MS = 2_000;

export interface MetricsSources {
  db: Db;
  chains: ChainRuntime;
}

export class ApiMetrics {
  readonly registry = new Registry();
  readonly contentType = this.registry.contentType;
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly duration: Histogram<'method' | 'route'>;
  private readonly rateLimited: Counter<'limit'>;
  private readonly mails: Counter<'result'>;

  constructor({ db, chains }: MetricsSources) {
    const registers = [this.registry];
    this.requests = new Counter({
      name: 'portico_api_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern (unmatched: no route) and status.',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.duration = new Histogram({
      name: 'portico_api_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method and route pattern.',
      labelNames: ['method', 'route'],
      // From a cached read (ms) to the upstream node's and the mail server's timeouts (10 s, 20 s).
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    });
    this.rateLimited = new Counter({
      name: 'portico_api_rate_limit_hits_total',
      help: 'Requests refused with 429 by a rate limit, by limit (the limiter name portico-admin limits show uses; auth-mail-throttle: the 30 s login-mail throttle).',
      labelNames: ['limit'],
      registers,
    });
    this.mails = new Counter({
      name: 'portico_api_mails_total',
      help: 'Login mails (codes and device approval links) handed to the mail server, by result (sent, failed).',
      labelNames: ['result'],
      registers,
    });
    new Gauge({
      name: 'portico_api_database_up',
      help: '1 when the database answers SELECT 1 at scrape time, else 0.',
      registers,
      async collect() {
        this.set((await databaseAnswers(db)) ? 1 : 0);
      },
    });
    new Gauge({
      name: 'portico_api_indexer_lag_blocks',
      help: "Blocks between a chain's head and the last block its indexer stored (from the indexer's last poll).",
      labelNames: ['chain'],
      registers,
      collect() {
        this.reset();
        for (const entry of chains.list()) {
          const lag = entry.indexer?.status().lag;
          if (lag !== undefined && lag !== null) this.set({ chain: entry.config.caipNetworkId }, lag);
        }
      },
    });
  }

  onRequest(method: string, route: string, status: number, seconds: number): void {
    const m = METHODS.has(method) ? method : 'other';
    this.requests.inc({ method: m, route, status: String(status) });
    this.duration.observe({ method: m, route }, seconds);
  }

  onRateLimited(limit: RateLimitName): void {
    this.rateLimited.inc({ limit });
  }

  onMail(result: 'sent' | 'failed'): void {
    this.mails.inc({ result });
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }
}

async function databaseAnswers(db: Db): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), DATABASE_CHECK_MS)));
  try {
    return await Promise.race([db.query('SELECT 1').then(() => true, () => false), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
