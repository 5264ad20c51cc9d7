import type * as z from 'zod/mini';
import { RPC_TIMEOUT_MS } from '../constants';
import { PorticoError } from '../errors';
import { fetchWithRetry, ServiceBusyError } from './retry';

/** Spec section 8, transport errors. */
export class HttpRequestError extends PorticoError {
  override name = 'HttpRequestError';
  readonly status?: number;
  constructor(url: string, options: { status?: number; body?: string; cause?: unknown } = {}) {
    super('HTTP request failed.', {
      cause: options.cause,
      details: `${url}${options.status ? ` answered ${options.status}` : ''}${options.body ? `: ${options.body}` : ''}`,
    });
    this.status = options.status;
  }
}

export class TimeoutError extends PorticoError {
  override name = 'TimeoutError';
  constructor(url: string) {
    super('The request took too long to respond.', { details: url });
  }
}

/** A reply whose shape is not what the call promises. */
export class InvalidResponseError extends PorticoError {
  override name = 'InvalidResponseError';
  constructor(url: string, issue: string) {
    super('The service sent a reply Portico could not read.', { details: `${url}: ${issue}` });
  }
}

export interface JsonRequest<T> {
  url: string;
  schema: z.ZodMiniType<T>;
  method?: 'GET' | 'POST';
  body?: unknown;
  /**
   * Safe to send twice (default: GETs). A POST that changes state (a registration, an on-ramp
   * URL, an analytics event) is retried only when the server says it did not act (429, 503).
   */
  idempotent?: boolean;
  headers?: Record<string, string>;
  timeoutMs?: number;
  /** Aborts the request (e.g. a newer search replaced it). */
  signal?: AbortSignal;
  fetch?: typeof fetch;
}

/**
 * fetch + retries + timeout + zod: a slow service never freezes the modal (it fails after
 * `timeoutMs`, waits between retries included), and a malformed reply is an error, never a crash.
 */
export async function requestJson<T>(request: JsonRequest<T>): Promise<T> {
  const { url, schema, timeoutMs = RPC_TIMEOUT_MS } = request;
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), timeoutMs);
  const signal = request.signal ? AbortSignal.any([request.signal, timeout.signal]) : timeout.signal;
  const method = request.method ?? 'GET';
  const send = () =>
    (request.fetch ?? fetch)(url, {
      method,
      headers: { ...(request.body !== undefined ? { 'content-type': 'application/json' } : {}), ...request.headers },
      body: request.body !== undefined ? JSON.stringify(request.body) : undefined,
      signal,
    });
  let response: Response;
  try {
    response = await fetchWithRetry(url, send, { idempotent: request.idempotent ?? method === 'GET', signal });
  } catch (error) {
    clearTimeout(timer);
    if (timeout.signal.aborted) throw new TimeoutError(url);
    if (error instanceof ServiceBusyError) throw error;
    throw new HttpRequestError(url, { cause: error });
  }
  // The timeout covers the body too: a reply that sends headers and then stalls must not hang.
  let json: unknown;
  try {
    if (!response.ok) {
      const body = await response.text().catch(() => '');
      throw new HttpRequestError(url, { status: response.status, body: body.slice(0, 200) });
    }
    try {
      json = await response.json();
    } catch (error) {
      if (timeout.signal.aborted) throw new TimeoutError(url);
      if (request.signal?.aborted) throw new HttpRequestError(url, { cause: error });
      throw new InvalidResponseError(url, 'not JSON');
    }
  } finally {
    clearTimeout(timer);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new InvalidResponseError(url, `${issue?.path.join('.') || '(root)'}: ${issue?.message}`);
  }
  return parsed.data;
}
