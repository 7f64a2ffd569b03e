import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/**
 * Answers JSON that is written already (a list of tens of megabytes made on a worker thread, or
 * passed on as the query side streams it): Fastify sends text, bytes and streams as they are,
 * where an object would be serialized again on the thread that answers requests.
 */
export function sendJson(reply: FastifyReply, json: string | Uint8Array | Readable): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}

/**
 * The JSON object streamed as `json` (one with members of its own) with `members` added in front,
 * written as it streams by, without reading it whole.
 */
export async function* withMembers(
  members: Record<string, unknown>,
  json: AsyncIterable<Uint8Array>,
): AsyncIterable<Uint8Array> {
  const head = JSON.stringify(members);
  let opened = head === '{}';
  for await (const chunk of json) {
    if (opened) {
      yield chunk;
      continue;
    }
    const brace = chunk.indexOf(0x7b);
    if (brace < 0) continue;
    opened = true;
    yield Buffer.from(`${head.slice(0, -1)},`);
    yield chunk.subarray(brace + 1);
  }
}
