import type { FastifyInstance } from 'fastify';
import type { Clock } from '../lib/clock.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The time stamped when the request arrived: the only time a search reads. */
    arrivedAt: Date;
  }
}

/** Stamps every request with the clock's time as its first step, before parsing and validation. */
export function stampArrivals(app: FastifyInstance, clock: Clock): void {
  app.decorateRequest('arrivedAt', null as unknown as Date);
  // A callback hook: no promise per request.
  app.addHook('onRequest', (request, _reply, done) => {
    request.arrivedAt = clock.now();
    done();
  });
}
