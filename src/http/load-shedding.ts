import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { PROBLEM_CONTENT_TYPE, problemBody } from './problem.js';

export interface SheddingOptions {
  /** Mean event-loop delay (ms) over a sample above which requests are refused; 0: not checked. */
  eventLoopDelayMs: number;
  /** Share of a sample (0 to 1) the event loop was busy above which requests are refused; 0: not checked. */
  eventLoopUtilization: number;
  /** How often the event loop is sampled (ms). */
  sampleMs: number;
}

/** Seconds a refused client is asked to wait before it tries again. */
const RETRY_AFTER_SECONDS = 2;

/**
 * Refuses requests with 503 (problem+json, `Retry-After`) while the event loop falls behind, so a
 * node under more load than it can answer sheds some of it quickly instead of answering every
 * request late (@fastify/under-pressure). The checks read the last sample of the event loop: its
 * mean delay, and optionally the share of the time it was busy.
 */
export async function shedLoad(app: FastifyInstance, options: SheddingOptions): Promise<void> {
  if (options.eventLoopDelayMs <= 0 && options.eventLoopUtilization <= 0) return;
  await app.register(underPressure, {
    maxEventLoopDelay: options.eventLoopDelayMs,
    maxEventLoopUtilization: options.eventLoopUtilization,
    eventLoopUtilizationMode: 'interval',
    sampleInterval: options.sampleMs,
    pressureHandler: (_request, reply, type) => refuse(reply, type) as never,
  });
}

/** The plugin sends what its handler answers: the problem, with the status and headers set here. */
function refuse(reply: FastifyReply, type: string): string {
  const cause = type === 'eventLoopUtilization' ? 'is busy all the time' : 'is falling behind';
  reply.code(503).type(PROBLEM_CONTENT_TYPE).header('Retry-After', String(RETRY_AFTER_SECONDS));
  return JSON.stringify(
    problemBody(
      'overloaded',
      `This node is answering more requests than it can: its event loop ${cause}. Try again in ${RETRY_AFTER_SECONDS} seconds.`,
    ),
  );
}
