import { DEFAULT_LOG_LEVEL, LOG_BUFFER_MAX_BYTES } from './constants';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
/** pino's level values, as WalletConnect's logger (whose buffer this follows) uses them. */
const LEVEL_VALUES: Record<LogLevel, number> = { debug: 20, info: 30, warn: 40, error: 50 };

/**
 * The modal's own log: every entry is kept in a ring buffer of about `maxBytes` (UTF-8), the oldest dropped first, so a
 * host can hand it to support (`portico.getLogs()`); entries at `level` and above also reach the console.
 */
export interface LogBuffer {
  debug(message: string, details?: unknown): void;
  info(message: string, details?: unknown): void;
  warn(message: string, details?: unknown): void;
  error(message: string, details?: unknown): void;
  /** The entries kept, oldest first, each a line of JSON: `{ timestamp, level, message, details? }`. */
  getLogs(): string[];
}

/** What a log entry's details become in JSON: an error's name, message, cause and stack; a bigint as text. */
function serialisable(_key: string, value: unknown): unknown {
  if (value instanceof Error) return { name: value.name, message: value.message, cause: value.cause, stack: value.stack };
  return typeof value === 'bigint' ? `${value}n` : value;
}

function entryText(entry: { timestamp: string; level: LogLevel; message: string; details?: unknown }): string {
  try {
    return JSON.stringify(entry, serialisable);
  } catch {
    // A cycle or a throwing getter: the message still says what happened.
    return JSON.stringify({ ...entry, details: String(entry.details) });
  }
}

export function createLogBuffer(
  settings: { level?: LogLevel; maxBytes?: number; console?: Pick<Console, LogLevel>; now?: () => number } = {},
): LogBuffer {
  const { level = DEFAULT_LOG_LEVEL, maxBytes = LOG_BUFFER_MAX_BYTES, console = globalThis.console, now = Date.now } = settings;
  const encoder = new TextEncoder();
  const entries: Array<{ text: string; bytes: number }> = [];
  let bytes = 0;

  function append(entryLevel: LogLevel, message: string, details: unknown) {
    const entry = { timestamp: new Date(now()).toISOString(), level: entryLevel, message, ...(details === undefined ? {} : { details }) };
    let text = entryText(entry);
    let size = encoder.encode(text).length;
    if (size > maxBytes) {
      // One entry larger than the whole buffer would empty it: keep that it happened, not its details.
      text = entryText({ ...entry, details: `${size} bytes, over the log buffer's ${maxBytes}` });
      size = encoder.encode(text).length;
    }
    entries.push({ text, bytes: size });
    bytes += size;
    while (bytes > maxBytes) bytes -= entries.shift()!.bytes;
    if (LEVEL_VALUES[entryLevel] >= LEVEL_VALUES[level]) {
      if (details === undefined) console[entryLevel](`[portico] ${message}`);
      else console[entryLevel](`[portico] ${message}`, details);
    }
  }

  return {
    debug: (message, details) => append('debug', message, details),
    info: (message, details) => append('info', message, details),
    warn: (message, details) => append('warn', message, details),
    error: (message, details) => append('error', message, details),
    getLogs: () => entries.map((entry) => entry.text),
  };
}

/**
 * The page's log. shared-state is one module per page (the shell's, which every remote shares), so the shell, every
 * remote view and every instance write here without it being passed around.
 */
export const logs: LogBuffer = createLogBuffer();
