import type { LogLevel } from '../config/options';

const RANK: Record<LogLevel, number> = { debug: 0, info: 1, warn: 2, error: 3, silent: 4 };

export interface Logger {
  debug(...args: unknown[]): void;
  info(...args: unknown[]): void;
  warn(...args: unknown[]): void;
  error(...args: unknown[]): void;
}

/** A console logger that prints only at or above `level` (default level is error, spec 000 §1). */
export function createLogger(
  level: LogLevel,
  sink: Pick<Console, 'debug' | 'info' | 'warn' | 'error'> = console,
): Logger {
  const at =
    (wanted: Exclude<LogLevel, 'silent'>) =>
    (...args: unknown[]) => {
      if (RANK[wanted] >= RANK[level]) sink[wanted]('[auth-elements]', ...args);
    };
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}
