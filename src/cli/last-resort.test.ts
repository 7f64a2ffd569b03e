import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { installLastResort } from './last-resort.js';

function fakes() {
  const logger = { error: vi.fn(), fatal: vi.fn() };
  const target = Object.assign(new EventEmitter(), { exit: vi.fn() });
  installLastResort(logger as unknown as FastifyBaseLogger, target as unknown as NodeJS.Process);
  return { logger, target };
}

describe('installLastResort', () => {
  it('logs a rejection nobody handled and keeps the process running', () => {
    const { logger, target } = fakes();
    const reason = new Error('lost');
    target.emit('unhandledRejection', reason);
    expect(logger.error).toHaveBeenCalledWith({ err: reason }, expect.stringContaining('not handled'));
    expect(target.exit).not.toHaveBeenCalled();
  });

  it('logs an uncaught error before the process ends with a failure status', () => {
    const { logger, target } = fakes();
    const error = new Error('broken');
    target.emit('uncaughtException', error);
    expect(logger.fatal).toHaveBeenCalledWith({ err: error }, expect.stringContaining('stops'));
    expect(target.exit).toHaveBeenCalledWith(1);
  });
});
