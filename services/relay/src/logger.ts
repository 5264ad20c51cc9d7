/** A tiny levelled logger: one line per entry on stderr, no dependency. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export interface Logger {
  readonly level: LogLevel;
  debug(msg: string): void;
  info(msg: string): void;
  warn(msg: string): void;
  error(msg: string): void;
  enabled(level: LogLevel): boolean;
}

export function isLogLevel(value: unknown): value is LogLevel {
  return typeof value === 'string' && value in ORDER;
}

export function createLogger(level: LogLevel = 'info', write: (line: string) => void = (l) => process.stderr.write(l + '\n')): Logger {
  const min = ORDER[level];
  const emit = (lvl: Exclude<LogLevel, 'silent'>, msg: string) => {
    if (ORDER[lvl] >= min) write(`${new Date().toISOString()} ${lvl.padEnd(5)} relay ${msg}`);
  };
  return {
    level,
    debug: (m) => emit('debug', m),
    info: (m) => emit('info', m),
    warn: (m) => emit('warn', m),
    error: (m) => emit('error', m),
    enabled: (l) => ORDER[l] >= min,
  };
}

/** A log-safe prefix of a client-supplied string (no control characters, bounded length). */
export const logSafe = (s: string | undefined, n = 8) => (s ? s.slice(0, n).replace(/[^\x21-\x7e]/g, '?') : '-');
