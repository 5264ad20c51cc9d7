import { describe, expect, it } from '@rstest/core';
import { createLogBuffer, type LogLevel } from '../src/log-buffer';
import { DEFAULT_LOG_LEVEL, LOG_BUFFER_MAX_BYTES } from '../src/constants';

/** A console that records what reached it. */
function recordingConsole() {
  const lines: Array<[LogLevel, ...unknown[]]> = [];
  const at = (level: LogLevel) => (...args: unknown[]) => void lines.push([level, ...args]);
  return { lines, console: { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') } };
}

const parsed = (logs: string[]) => logs.map((line) => JSON.parse(line) as Record<string, unknown>);

describe('log buffer (spec §9)', () => {
  it('about 1,024,000 bytes; the default level is error', () => {
    expect(LOG_BUFFER_MAX_BYTES).toBe(1_024_000);
    expect(DEFAULT_LOG_LEVEL).toBe('error');
  });

  it('keeps every entry as a line of JSON, oldest first, with its time and level', () => {
    const { console } = recordingConsole();
    const logs = createLogBuffer({ console, now: () => Date.UTC(2030, 0, 1) });
    logs.debug('opened', { view: 'Connect' });
    logs.error('event listener failed');
    expect(parsed(logs.getLogs())).toEqual([
      { timestamp: '2030-01-01T00:00:00.000Z', level: 'debug', message: 'opened', details: { view: 'Connect' } },
      { timestamp: '2030-01-01T00:00:00.000Z', level: 'error', message: 'event listener failed' },
    ]);
  });

  it('at the default level only errors reach the console; a lower level lets more through', () => {
    const quiet = recordingConsole();
    const logs = createLogBuffer({ console: quiet.console });
    const failure = new Error('boom');
    logs.debug('a');
    logs.info('b');
    logs.warn('c');
    logs.error('d', failure);
    expect(quiet.lines).toEqual([['error', '[portico] d', failure]]);
    expect(logs.getLogs()).toHaveLength(4);

    const chatty = recordingConsole();
    const verbose = createLogBuffer({ console: chatty.console, level: 'warn' });
    verbose.info('b');
    verbose.warn('c');
    expect(chatty.lines).toEqual([['warn', '[portico] c']]);
  });

  it('is a ring: once over its size the oldest entries go, and it never holds more than its size', () => {
    const { console } = recordingConsole();
    const logs = createLogBuffer({ console, maxBytes: 1_000, now: () => 0 });
    for (let index = 0; index < 50; index += 1) logs.debug(`entry ${index}`);
    const kept = logs.getLogs();
    const bytes = kept.reduce((total, line) => total + new TextEncoder().encode(line).length, 0);
    expect(bytes).toBeLessThanOrEqual(1_000);
    expect(bytes).toBeGreaterThan(1_000 - 80);
    expect(parsed(kept).at(-1)!.message).toBe('entry 49');
    const first = Number(String(parsed(kept)[0]!.message).split(' ')[1]);
    expect(first).toBeGreaterThan(0);
    expect(parsed(kept).map((entry) => entry.message)).toEqual(Array.from({ length: 50 - first }, (_, index) => `entry ${first + index}`));
  });

  it('counts bytes, not characters', () => {
    const { console } = recordingConsole();
    const logs = createLogBuffer({ console, maxBytes: 400, now: () => 0 });
    logs.debug('€'.repeat(60)); // 180 bytes of text in 60 characters
    logs.debug('€'.repeat(60));
    expect(logs.getLogs()).toHaveLength(1);
  });

  it('an entry larger than the whole buffer keeps its message, not its details', () => {
    const { console } = recordingConsole();
    const logs = createLogBuffer({ console, maxBytes: 500, now: () => 0 });
    logs.debug('before');
    logs.warn('huge reply', 'x'.repeat(10_000));
    const last = parsed(logs.getLogs()).at(-1)!;
    expect(last).toMatchObject({ level: 'warn', message: 'huge reply' });
    expect(String(last.details)).toMatch(/^\d+ bytes, over the log buffer's 500$/);
  });

  it('errors keep their name, message and cause; bigints and cycles do not break it', () => {
    const { console } = recordingConsole();
    const logs = createLogBuffer({ console, now: () => 0 });
    logs.warn('send failed', new TypeError('bad', { cause: { code: 4001 } }));
    logs.info('amount', { wei: 10n ** 18n });
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    logs.info('cycle', cycle);
    const [error, amount, cyclic] = parsed(logs.getLogs());
    expect(error!.details).toMatchObject({ name: 'TypeError', message: 'bad', cause: { code: 4001 } });
    expect(amount!.details).toEqual({ wei: '1000000000000000000n' });
    expect(cyclic).toMatchObject({ message: 'cycle', details: '[object Object]' });
  });
});
