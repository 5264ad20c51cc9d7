/**
 * One retry policy for both transports (the API client and the eip155 RPC reads), spec §8/§9:
 * retry on HTTP 403, 408, 413, 429, 500, 502, 503, 504, up to 3 times, 150 ms with exponential
 * backoff, or Retry-After when present, honoured up to the request timeout (10 s): a longer wait could only end in
 * a timeout, so the request fails at once with ServiceBusyError, which says when to try again.
 */
import { RPC_RETRY_COUNT, RPC_RETRY_DELAY_MS, RPC_TIMEOUT_MS } from '../constants';
import { PorticoError } from '../errors';
import { isOriginRefusal } from './origin-refusal';

export const RETRY_STATUSES: ReadonlySet<number> = new Set([403, 408, 413, 429, 500, 502, 503, 504]);
/** The server says it did not act on the request: even a request that changes state may be resent. */
const NOT_ACTED_STATUSES: ReadonlySet<number> = new Set([429, 503]);
/** The longest Retry-After the modal waits for before giving up with a clear error: the request timeout. */
export const RETRY_WAIT_MAX_MS = RPC_TIMEOUT_MS;

/** The service asked to be called again later than the modal is willing to wait. */
export class ServiceBusyError extends PorticoError {
  override name = 'ServiceBusyError';
  readonly status: number;
  readonly retryAfterMs: number;
  constructor(url: string, status: number, retryAfterMs: number) {
    super(`The service is busy. Try again in ${Math.ceil(retryAfterMs / 1000)} seconds.`, {
      details: `${url} answered ${status} with Retry-After ${Math.ceil(retryAfterMs / 1000)} s`,
    });
    this.status = status;
    this.retryAfterMs = retryAfterMs;
  }
}

/** Retry-After as milliseconds (delta-seconds or an HTTP date); undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, nowMs = Date.now()): number | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - nowMs);
}

export interface RetryOptions {
  /**
   * True when sending the request twice does no harm (reads, builds, a raw transaction, which is
   * idempotent by hash). Otherwise only 429 and 503 are retried: the server did not act.
   */
  idempotent: boolean;
  /** Aborts the waits between attempts too. */
  signal?: AbortSignal;
}

async function shouldRetry(response: Response, idempotent: boolean): Promise<boolean> {
  if (!RETRY_STATUSES.has(response.status)) return false;
  if (!idempotent && !NOT_ACTED_STATUSES.has(response.status)) return false;
  // A refused origin stays refused: asking again only repeats the refusal.
  return !(await isOriginRefusal(response));
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Calls `attempt` until it answers something not worth retrying or the retries run out, and
 * returns that last response. Network errors and timeouts are not retried here (each caller
 * reports them at once rather than multiplying the 10 s timeout).
 */
export async function fetchWithRetry(url: string, attempt: () => Promise<Response>, options: RetryOptions): Promise<Response> {
  for (let retry = 0; ; retry++) {
    const response = await attempt();
    if (retry >= RPC_RETRY_COUNT || !(await shouldRetry(response, options.idempotent))) return response;
    const waitMs = retryAfterMs(response.headers.get('retry-after')) ?? RPC_RETRY_DELAY_MS * 2 ** retry;
    if (waitMs > RETRY_WAIT_MAX_MS) throw new ServiceBusyError(url, response.status, waitMs);
    await response.body?.cancel().catch(() => undefined);
    await sleep(waitMs, options.signal);
  }
}
