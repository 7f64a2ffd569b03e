import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';

/**
 * Logs go to standard error as JSON lines, so standard output keeps only what the command tells
 * its user. Authorization headers and credentials are redacted wherever they appear.
 */
export function createLogger(level: string): FastifyBaseLogger {
  return pino(
    {
      level,
      redact: {
        paths: [
          'req.headers.authorization',
          'headers.authorization',
          '*.password',
          '*.value',
          'managementKey',
        ],
        censor: '[redacted]',
      },
    },
    pino.destination(2),
  ) as unknown as FastifyBaseLogger;
}
