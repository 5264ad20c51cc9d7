export const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface Logger {
  debug(msg: string, data?: Record<string, unknown>): void;
  info(msg: string, data?: Record<string, unknown>): void;
  warn(msg: string, data?: Record<string, unknown>): void;
  error(msg: string, data?: Record<string, unknown>): void;
}

/** One JSON line per entry on stderr. */
export function createLogger(level: LogLevel = 'info'): Logger {
  const min = LOG_LEVELS.indexOf(level);
  const at = (lvl: Exclude<LogLevel, 'silent'>) => (msg: string, data?: Record<string, unknown>) => {
    if (LOG_LEVELS.indexOf(lvl) < min) return;
    process.stderr.write(JSON.stringify({ time: new Date().toISOString(), level: lvl, service: 'api', msg, ...data }) + '\n');
  };
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}
