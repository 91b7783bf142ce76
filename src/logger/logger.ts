/** Levels in order of importance; a logger prints its level and everything above it. */
export const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface Logger {
  level: LogLevel;
  debug(label: string, message: string): void;
  info(label: string, message: string): void;
  warn(label: string, message: string): void;
  error(label: string, message: string): void;
}

export interface LoggerOptions {
  level?: LogLevel;
  /** Where lines go; stderr by default so --json output on stdout stays clean. */
  write?: (line: string) => void;
  /** Colour labels (defaults to whether stderr is a TTY). */
  color?: boolean;
}

const COLORS: Record<Exclude<LogLevel, 'silent'>, string> = {
  debug: '\x1b[90m',
  info: '\x1b[36m',
  warn: '\x1b[33m',
  error: '\x1b[31m',
};

/** A small levelled logger with fixed labels: `[build] wrote 1,204 pages`. Passed in, never global. */
export function createLogger(options: LoggerOptions = {}): Logger {
  const write = options.write ?? ((line: string) => process.stderr.write(`${line}\n`));
  const color = options.color ?? Boolean(process.stderr.isTTY);
  const logger: Logger = {
    level: options.level ?? 'info',
    debug: (label, message) => emit('debug', label, message),
    info: (label, message) => emit('info', label, message),
    warn: (label, message) => emit('warn', label, message),
    error: (label, message) => emit('error', label, message),
  };
  function emit(level: Exclude<LogLevel, 'silent'>, label: string, message: string) {
    if (LOG_LEVELS.indexOf(level) < LOG_LEVELS.indexOf(logger.level)) return;
    const tag = level === 'info' || level === 'debug' ? `[${label}]` : `[${label}] ${level}:`;
    write(color ? `${COLORS[level]}${tag}\x1b[0m ${message}` : `${tag} ${message}`);
  }
  return logger;
}
