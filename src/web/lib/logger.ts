// Console logging for the browser at a minimum level, warn by default (spec §9), so debug noise stays out of
// users' consoles while warnings and errors of spec §8 reach them.
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

const ORDER: Record<LogLevel, number> = { debug: 0, info: 1, warn: 2, error: 3 };

let minimum: LogLevel = 'warn';

export function setLogLevel(level: LogLevel): void {
  minimum = level;
}

const enabled = (level: LogLevel) => ORDER[level] >= ORDER[minimum];

export const logger = {
  debug: (message: string, ...rest: unknown[]) => enabled('debug') && console.debug(message, ...rest),
  info: (message: string, ...rest: unknown[]) => enabled('info') && console.info(message, ...rest),
  warn: (message: string, ...rest: unknown[]) => enabled('warn') && console.warn(message, ...rest),
  error: (message: string, ...rest: unknown[]) => enabled('error') && console.error(message, ...rest),
};
