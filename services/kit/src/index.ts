/**
 * What every service's CLI entry (services/<name>/src/main.ts) shares: reading the environment with zod,
 * the common variable shapes, the start-failure exits and stopping on SIGINT/SIGTERM.
 * Exit codes: 2 for a bad environment (the operator must fix a variable), 1 for anything else.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import proxyaddr from 'proxy-addr';
import { z } from 'zod';

/** Prints `<service>: bad environment: <message>` and exits 2. */
export function exitBadEnvironment(service: string, message: string): never {
  console.error(`${service}: bad environment: ${message}`);
  process.exit(2);
}

/**
 * Reads `env` with `schema`; an empty variable counts as unset (so `PORT=` takes the default). On the first
 * bad variable: `<service>: bad environment: <message>`, exit 2. A message that does not start with the
 * variable's name gets it in front (`NAME: message`); the field builders below name it themselves.
 */
export function parseEnv<S extends z.ZodType>(service: string, schema: S, env: NodeJS.ProcessEnv = process.env): z.output<S> {
  const parsed = schema.safeParse(Object.fromEntries(Object.entries(env).filter(([, value]) => value !== '')));
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const name = issue.path.map(String).join('.');
  exitBadEnvironment(service, name === '' || issue.message.startsWith(name) ? issue.message : `${name}: ${issue.message}`);
}

/**
 * A TCP port 0–65535 (0: any free port), `fallback` when unset. `anyFreePort: false` refuses 0 (1–65535): for a
 * service whose URL must be known before it listens (the bundler hands its port to Alto).
 */
export const portField = (name: string, fallback: number, { anyFreePort = true }: { anyFreePort?: boolean } = {}) => {
  const lowest = anyFreePort ? 0 : 1;
  const message = `${name} must be a port number ${lowest}–65535`;
  return z
    .string()
    .regex(/^\d{1,5}$/, message)
    .transform(Number)
    .refine((port) => port >= lowest && port <= 65535, message)
    .default(fallback);
};

/** HOST (default 127.0.0.1, loopback: listening elsewhere is each service's explicit opt-in) and PORT (`portField`'s options). */
export const listenFields = (defaultPort: number, portOptions?: { anyFreePort?: boolean }) => ({
  HOST: z.string().default('127.0.0.1'),
  PORT: portField('PORT', defaultPort, portOptions),
});

/** A whole number 1–`max` (a count, a duration); optional: the service's own default applies when unset. */
export const wholeNumberField = (name: string, max: number) =>
  z
    .string()
    .regex(/^\d{1,7}$/, `${name} must be a whole number`)
    .transform(Number)
    .refine((n) => n >= 1 && n <= max, `${name} must be 1–${max}`)
    .optional();

const flagEnum = (name: string) => z.enum(['0', '1'], { error: `${name} must be '0' or '1'` });

/** '0' or '1' (default '0': every flag is an opt-in), read as a boolean. */
export const flagField = (name: string) =>
  flagEnum(name)
    .default('0')
    .transform((value) => value === '1');

/** '0' or '1' read as a boolean; undefined when unset, for a default the service derives (e.g. from its mode). */
export const optionalFlagField = (name: string) =>
  flagEnum(name)
    .transform((value) => value === '1')
    .optional();

/** A service's options error class: a bad option the environment gave, reported as a bad environment. */
type OptionsErrorClass = abstract new (...args: never[]) => Error;

/**
 * For `start(...).catch(...)`: an `optionsError` (a variable the service's own checks refused) exits 2 as a
 * bad environment; a system error (EADDRINUSE) prints `<service>: cannot start on <host>: <code> (<message>)`,
 * any other error its message (the service's own, e.g. refusing a host that is not loopback); both exit 1.
 */
export function exitOnStartFailure(service: string, host: string, optionsError?: OptionsErrorClass) {
  return (error: unknown): never => {
    if (optionsError && error instanceof optionsError) exitBadEnvironment(service, error.message);
    const { code, message } = error as NodeJS.ErrnoException;
    console.error(code ? `${service}: cannot start on ${host}: ${code} (${message})` : message);
    process.exit(1);
  };
}

/**
 * On the first SIGINT or SIGTERM: `<service>: <signal>, stopping`, await `stop`, exit 0 (or print its error,
 * exit 1). Later signals are ignored while it stops. `stopping` tells a child-exit handler that the exit was asked for.
 */
export function stopOnSignals(service: string, stop: () => Promise<unknown>): { readonly stopping: boolean } {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.error(`${service}: ${signal}, stopping`);
    stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => onSignal('SIGINT'));
  process.on('SIGTERM', () => onSignal('SIGTERM'));
  return {
    get stopping() {
      return stopping;
    },
  };
}

/**
 * The Bearer token Prometheus scrapes `/metrics` with (RFC 6750 token characters, 32–256): without one a service
 * serves no `/metrics`, since its port is the one the public reaches.
 */
export const metricsTokenField = () =>
  z
    .string()
    .regex(/^[A-Za-z0-9._~+/=-]{32,256}$/, 'must be 32 to 256 characters of A-Z a-z 0-9 - . _ ~ + / =, e.g. openssl rand -hex 32')
    .optional();

/**
 * Whether an `Authorization` header carries the metrics token as `Bearer <token>`. Both sides are hashed first, so the
 * comparison takes the same time whatever the header holds (timingSafeEqual needs equal lengths).
 */
export function metricsAuthorized(header: string | undefined, token: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(header ?? ''), digest(`Bearer ${token}`));
}

/**
 * The load balancers in front of a service, whose `X-Forwarded-For` it believes: a comma list of IP addresses, CIDR
 * ranges and proxy-addr's names (`loopback`, `linklocal`, `uniquelocal`). Unset: none, and every limit keyed by
 * address counts the socket's peer (behind a load balancer, that is the load balancer for every visitor).
 */
export const trustedProxiesField = () =>
  z
    .string()
    .transform((list) => list.split(',').map((entry) => entry.trim()).filter((entry) => entry !== ''))
    .refine((entries) => {
      try {
        proxyaddr.compile(entries);
        return entries.length > 0;
      } catch {
        return false;
      }
    }, 'must be a comma list of IP addresses, CIDR ranges, loopback, linklocal or uniquelocal')
    .optional();

/**
 * Reads the address a request came from: the socket's peer, unless that peer is one of `trustedProxies`; then the
 * nearest address of `X-Forwarded-For` that is not a trusted proxy (proxy-addr: Express's "trust proxy"), so
 * addresses a client writes into the header ahead of the load balancer's own never count. 'unknown' without a
 * socket address.
 */
export function clientAddressReader(trustedProxies: readonly string[] = []): (req: IncomingMessage) => string {
  const trust = trustedProxies.length > 0 ? proxyaddr.compile([...trustedProxies]) : undefined;
  return (req) => {
    const peer = req.socket?.remoteAddress;
    if (!peer) return 'unknown';
    return trust ? proxyaddr(req, trust) : peer;
  };
}
