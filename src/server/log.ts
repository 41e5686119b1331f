/**
 * Structured JSON logs, one object per line. Keys that could carry a secret are redacted
 * wherever they appear, so no API secret, signature or token reaches the log.
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
export type LogFields = Record<string, unknown>;

export interface Logger {
  debug(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
  child(fields: LogFields): Logger;
  /** Whether lines of this level are written (to skip building costly fields). */
  enabled(level: LogLevel): boolean;
}

const LEVELS: Record<LogLevel | 'silent', number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };
const SECRET_KEY_PATTERN = /secret|signature|token|password|authorization|api_key|oc-key|cookie/i;

export function redact(value: unknown, depth = 0): unknown {
  if (depth > 5 || value === null || typeof value !== 'object') return value;
  if (value instanceof Error) return { name: value.name, message: value.message, stack: value.stack };
  if (Array.isArray(value)) return value.map((item) => redact(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] = SECRET_KEY_PATTERN.test(key) ? '[redacted]' : redact(item, depth + 1);
  }
  return out;
}

export function createLogger(
  level: LogLevel | 'silent',
  write: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
  bound: LogFields = {},
): Logger {
  const min = LEVELS[level];
  const emit = (lvl: LogLevel, msg: string, fields?: LogFields) => {
    if (LEVELS[lvl] < min) return;
    const record = redact({ time: new Date().toISOString(), level: lvl, msg, ...bound, ...fields });
    write(JSON.stringify(record));
  };
  return {
    debug: (msg, fields) => emit('debug', msg, fields),
    info: (msg, fields) => emit('info', msg, fields),
    warn: (msg, fields) => emit('warn', msg, fields),
    error: (msg, fields) => emit('error', msg, fields),
    child: (fields) => createLogger(level, write, { ...bound, ...fields }),
    enabled: (lvl) => LEVELS[lvl] >= min,
  };
}

export const silentLogger: Logger = createLogger('silent');
