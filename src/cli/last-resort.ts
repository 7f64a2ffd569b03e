import type { FastifyBaseLogger } from 'fastify';

/**
 * The last resort for failures no code handled. Every known cause is handled where it arises;
 * these make sure one that is not yet known is never silent. A rejected promise nobody awaited
 * leaves no state half-changed, so it is logged and the process goes on serving. A thrown error
 * that reached the event loop may have left anything half-done, so it is logged and the process
 * ends with a failure status for its supervisor to restart it.
 */
export function installLastResort(logger: FastifyBaseLogger, target: NodeJS.Process = process): void {
  target.on('unhandledRejection', (reason) => {
    logger.error({ err: reason }, 'a failure was not handled; the process goes on');
  });
  target.on('uncaughtException', (error) => {
    logger.fatal({ err: error }, 'a failure was not handled; the process stops');
    // Logs go to standard error synchronously (pino.destination(2)), so the line is out.
    target.exit(1);
  });
}
