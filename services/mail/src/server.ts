/**
 * `startMail`: the SMTP catcher and its HTTP inbox over one in-memory store.
 *
 * DEVELOPMENT AND TESTS ONLY (`pnpm demo`, e2e, unit tests): SMTP without authentication or TLS and
 * an inbox anyone who reaches it can read. Both listen on loopback; another host is refused unless
 * `allowRemote` says the operator means it. Production mail goes to a real SMTP relay, and a shared
 * inbox is a real Mailpit (same ports, same API).
 */
import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { isIP } from 'node:net';
import { createHttpApp, loopbackHostNames } from './http';
import { SmtpCounters } from './info';
import { resolveLimits, type MailLimits } from './limits';
import { createSmtpServer } from './smtp';
import { MessageStore } from './store';

export { DEFAULT_LIMITS, limitEnvName, limitsFromEnv, type MailLimits } from './limits';
export type { AppInformation } from './info';
export type { Message, MessageSummary, MailAddress, MessageHeaders } from './message';

export interface StartMailOptions {
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 1025; 0 picks a free port. */
  smtpPort?: number;
  /** Default 8025; 0 picks a free port. */
  httpPort?: number;
  /** Overrides of `DEFAULT_LIMITS` (limits.ts); unknown keys and non-positive values are refused. */
  limits?: Partial<MailLimits>;
  /** Listen on a host that is not loopback (the inbox then accepts any Host header). Default false. */
  allowRemote?: boolean;
  /** One line per message and per unexpected error. Default: nothing. */
  log?: (line: string) => void;
}

export interface RunningMail {
  /** smtp://host:port with the real port. */
  smtpUrl: string;
  smtpPort: number;
  /** http://host:port with the real port: the inbox page and `/api/v1/...`. */
  inboxUrl: string;
  httpPort: number;
  close(): Promise<void>;
}

export function isLoopback(host: string): boolean {
  const h = host.toLowerCase();
  if (h === 'localhost' || h === '::1') return true;
  return isIP(h) === 4 && h.startsWith('127.');
}

const urlHost = (address: AddressInfo) => (address.family === 'IPv6' ? `[${address.address}]` : address.address);

export async function startMail(options: StartMailOptions = {}): Promise<RunningMail> {
  const { host = '127.0.0.1', smtpPort = 1025, httpPort = 8025, allowRemote = false, log = () => {} } = options;
  if (!isLoopback(host) && !allowRemote) {
    throw new Error(`mail: refusing to listen on ${host}: the catcher has no authentication and no TLS (development only); use a loopback host, or allowRemote (MAIL_ALLOW_REMOTE=1) if you really mean it`);
  }
  const limits = resolveLimits(options.limits);
  const store = new MessageStore(limits);
  const smtpCounters = new SmtpCounters();
  const startedAt = Date.now();

  // SMTP first: a caller that waits for the HTTP port (scripts/services.mjs) then finds both open.
  const smtp = createSmtpServer({ store, limits, counters: smtpCounters, log });
  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(smtpPort, host, () => {
      smtp.off('error', reject);
      resolve();
    });
  });
  smtp.on('error', (err) => log(`mail: smtp: ${err.message}`));
  const smtpAddress = smtp.server.address() as AddressInfo;

  const app = createHttpApp({ store, smtpCounters, startedAt, limits, allowedHostNames: isLoopback(host) ? loopbackHostNames(host) : undefined, log });
  const http = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const s = serve({ fetch: app.fetch, hostname: host, port: httpPort }, () => resolve(s));
    s.once('error', reject);
  }).catch(async (err) => {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    throw err;
  });
  const httpAddress = http.address() as AddressInfo;

  let closing: Promise<void> | undefined;
  return {
    smtpUrl: `smtp://${urlHost(smtpAddress)}:${smtpAddress.port}`,
    smtpPort: smtpAddress.port,
    inboxUrl: `http://${urlHost(httpAddress)}:${httpAddress.port}`,
    httpPort: httpAddress.port,
    close() {
      closing ??= Promise.all([
        new Promise<void>((resolve) => smtp.close(() => resolve())),
        new Promise<void>((resolve) => {
          http.close(() => resolve());
          (http as { closeAllConnections?: () => void }).closeAllConnections?.();
        }),
      ]).then(() => {});
      return closing;
    },
  };
}
