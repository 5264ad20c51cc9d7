import { afterEach, beforeEach, describe, expect, it, rs } from '@rstest/core';
import { z } from 'zod';
import { exitOnStartFailure, flagField, listenFields, optionalFlagField, parseEnv, portField, stopOnSignals, wholeNumberField } from '../src/index';

/** process.exit as the CLI would call it: the code is recorded and, like a real exit, nothing after it runs. */
class Exited extends Error {
  constructor(readonly code: number | undefined) {
    super(`exit ${code}`);
  }
}

let printed: string[];
let exitCodes: Array<number | undefined>;
beforeEach(() => {
  printed = [];
  exitCodes = [];
  rs.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void printed.push(args.map(String).join(' ')));
  rs.spyOn(process, 'exit').mockImplementation(((code?: number) => {
    exitCodes.push(code);
    throw new Exited(code);
  }) as typeof process.exit);
});
afterEach(() => {
  rs.restoreAllMocks();
});

const schema = z.object({
  ...listenFields(8025),
  SMTP_PORT: portField('SMTP_PORT', 1025),
  // A port whose URL must be known before listening: 0 (any free port) refused.
  ADMIN_PORT: portField('ADMIN_PORT', 8026, { anyFreePort: false }),
  MAX_ITEMS: wholeNumberField('MAX_ITEMS', 1000),
  ALLOW_REMOTE: flagField('ALLOW_REMOTE'),
  STRICT: optionalFlagField('STRICT'),
  MODE: z.enum(['development', 'production']).optional(),
});

/** What the CLI prints and its exit code for `env`. */
function badEnvironment(env: NodeJS.ProcessEnv) {
  expect(() => parseEnv('mail', schema, env)).toThrow(Exited);
  return { printed, exitCodes };
}

describe('parseEnv', () => {
  it('gives the defaults for unset and empty variables', () => {
    expect(parseEnv('mail', schema, { PORT: '', SMTP_PORT: '' })).toEqual({
      HOST: '127.0.0.1',
      PORT: 8025,
      SMTP_PORT: 1025,
      ADMIN_PORT: 8026,
      MAX_ITEMS: undefined,
      ALLOW_REMOTE: false,
      STRICT: undefined,
    });
  });

  it('reads set variables', () => {
    expect(parseEnv('mail', schema, { HOST: '0.0.0.0', PORT: '0', SMTP_PORT: '65535', ADMIN_PORT: '1', MAX_ITEMS: '1000', ALLOW_REMOTE: '1', STRICT: '0', MODE: 'production' })).toEqual({
      HOST: '0.0.0.0',
      PORT: 0,
      SMTP_PORT: 65535,
      ADMIN_PORT: 1,
      MAX_ITEMS: 1000,
      ALLOW_REMOTE: true,
      STRICT: false,
      MODE: 'production',
    });
  });

  it.each([
    [{ PORT: 'http' }, 'mail: bad environment: PORT must be a port number 0–65535'],
    [{ SMTP_PORT: '65536' }, 'mail: bad environment: SMTP_PORT must be a port number 0–65535'],
    [{ ADMIN_PORT: '0' }, 'mail: bad environment: ADMIN_PORT must be a port number 1–65535'],
    [{ MAX_ITEMS: '0' }, 'mail: bad environment: MAX_ITEMS must be 1–1000'],
    [{ MAX_ITEMS: '1001' }, 'mail: bad environment: MAX_ITEMS must be 1–1000'],
    [{ MAX_ITEMS: '1.5' }, 'mail: bad environment: MAX_ITEMS must be a whole number'],
    [{ ALLOW_REMOTE: 'yes' }, "mail: bad environment: ALLOW_REMOTE must be '0' or '1'"],
    [{ STRICT: 'true' }, "mail: bad environment: STRICT must be '0' or '1'"],
    // A schema's own message that does not name the variable gets the name in front.
    [{ MODE: 'dev' }, 'mail: bad environment: MODE: Invalid option: expected one of "development"|"production"'],
  ])('%o: prints the first bad variable and exits 2', (env, message) => {
    expect(badEnvironment(env)).toEqual({ printed: [message], exitCodes: [2] });
  });

  it('reports only the first of several bad variables', () => {
    expect(badEnvironment({ PORT: 'x', SMTP_PORT: 'y' })).toEqual({ printed: ['mail: bad environment: PORT must be a port number 0–65535'], exitCodes: [2] });
  });
});

describe('exitOnStartFailure', () => {
  class MailOptionsError extends Error {}

  it('a bad option from the environment: bad environment, exit 2', () => {
    expect(() => exitOnStartFailure('mail', '127.0.0.1', MailOptionsError)(new MailOptionsError('bad option limits: too big'))).toThrow(Exited);
    expect({ printed, exitCodes }).toEqual({ printed: ['mail: bad environment: bad option limits: too big'], exitCodes: [2] });
  });

  it('a system error: the host and the code, exit 1', () => {
    const inUse = Object.assign(new Error('listen EADDRINUSE: address already in use 127.0.0.1:8025'), { code: 'EADDRINUSE' });
    expect(() => exitOnStartFailure('mail', '127.0.0.1', MailOptionsError)(inUse)).toThrow(Exited);
    expect({ printed, exitCodes }).toEqual({ printed: ['mail: cannot start on 127.0.0.1: EADDRINUSE (listen EADDRINUSE: address already in use 127.0.0.1:8025)'], exitCodes: [1] });
  });

  it("any other error: the service's own message, exit 1", () => {
    expect(() => exitOnStartFailure('mail', '0.0.0.0')(new Error('mail: refusing to listen on 0.0.0.0'))).toThrow(Exited);
    expect({ printed, exitCodes }).toEqual({ printed: ['mail: refusing to listen on 0.0.0.0'], exitCodes: [1] });
  });
});

describe('stopOnSignals', () => {
  let listenersBefore: Record<'SIGINT' | 'SIGTERM', Function[]>;
  beforeEach(() => {
    listenersBefore = { SIGINT: process.listeners('SIGINT'), SIGTERM: process.listeners('SIGTERM') };
    // Here exit returns: it is called from a promise callback, where a throw would only be an unhandled rejection.
    rs.spyOn(process, 'exit').mockImplementation(((code?: number) => void exitCodes.push(code)) as typeof process.exit);
  });
  afterEach(() => {
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      for (const listener of process.listeners(signal)) if (!listenersBefore[signal].includes(listener)) process.off(signal, listener);
    }
  });
  const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

  it.each(['SIGINT', 'SIGTERM'] as const)('%s: says so, stops once, exits 0', async (signal) => {
    let release!: () => void;
    const stop = rs.fn(() => new Promise<void>((resolve) => (release = resolve)));
    const state = stopOnSignals('relay', stop);
    expect(state.stopping).toBe(false);
    process.emit(signal);
    process.emit('SIGINT'); // a second signal while stopping changes nothing
    expect(state.stopping).toBe(true);
    expect(stop).toHaveBeenCalledTimes(1);
    await settled();
    expect(exitCodes).toEqual([]); // not before stop has finished
    release();
    await settled();
    expect({ printed, exitCodes }).toEqual({ printed: [`relay: ${signal}, stopping`], exitCodes: [0] });
  });

  it('a failed stop: prints the error, exits 1', async () => {
    const failure = new Error('close failed');
    stopOnSignals('relay', () => Promise.reject(failure));
    process.emit('SIGTERM');
    await settled();
    expect(exitCodes).toEqual([1]);
    expect(printed).toEqual(['relay: SIGTERM, stopping', String(failure)]);
  });
});
