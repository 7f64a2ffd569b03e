import { Type } from '@sinclair/typebox';
import { OFFERS_PER_CALL, OffersAccepted, PutOffersBody } from '../../contracts/offers.js';
import { Problem } from '../../contracts/problem.js';
import type { HttpServer } from '../../http/server.js';
import { refuseInvalidSettings } from '../../http/unprocessable.js';
import type { ControlDeps } from '../services/deps.js';
import { putOffers } from '../services/offers.js';

const problem = Type.Ref(Problem);

/** `PUT /offers`: prices and stock without sending the catalog. */
export function offersRoutes(app: HttpServer, deps: ControlDeps): void {
  app.put(
    '/offers',
    {
      attachValidation: true,
      schema: {
        tags: ['management'],
        operationId: 'putOffers',
        summary: 'Change prices and stock without sending the catalog',
        description: `Body: a list of 1 to ${OFFERS_PER_CALL} offers (\`offers_per_call\`), each naming a variant and a channel with the fields it changes. The offers are written over the live catalog and searches read them within seconds, on every query node, without a rebuild; every later build of the same catalog holds them too, until the next catalog arrives (PUT /catalog, an import published, a feed fetched changed). 409 when nothing is live; 422 when the body holds no list of offers, more than ${OFFERS_PER_CALL}, or offers naming a variant, entity or channel the live catalog lacks (nothing is written); 502 when the query side did not answer.`,
        body: Type.Ref(PutOffersBody),
        response: { 202: Type.Ref(OffersAccepted), 401: problem, 409: problem, 422: problem, 502: problem },
      },
    },
    async (request, reply) => {
      refuseInvalidSettings(
        request,
        `The body holds no list of offers the contract reads: send 1 to ${OFFERS_PER_CALL} offers, correcting what the violations name.`,
      );
      return reply.code(202).send(await putOffers(deps, request.body));
    },
  );
}
