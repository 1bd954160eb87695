import { type DestinationStream, type Logger, pino } from 'pino';
import type { LogLevel } from './config.js';

/** Paths whose values never reach a log line. */
export const REDACTED_PATHS = [
  'req.headers["x-api-key"]',
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.api_key',
  '*.apiKey',
  '*.secret',
  '*.password',
  '*.webhook_secret',
  '*.access_token',
  '*.refresh_token',
];

/** Builds the structured JSON logger. `destination` lets tests capture lines. */
export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'proxima' },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    },
    destination,
  );
}

export type { Logger };
