import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the stand-in received: what the AI SDK sent to the gateway. */
export interface GatewayRequest {
  path: string;
  headers: IncomingMessage['headers'];
  body: {
    prompt?: Array<{ role: string; content: string | Array<{ type: string; text?: string }> }>;
    responseFormat?: { type: string; schema?: unknown };
  };
}

/** How the stand-in answers a language model call. */
export type GatewayBehaviour =
  | { kind: 'answer'; answer: (columns: Array<{ name: string; samples: string[] }>) => unknown }
  | { kind: 'text'; text: string }
  | { kind: 'status'; status: number }
  | { kind: 'silent' };

export interface StandInGateway {
  /** The base URL to hand to AI_GATEWAY_BASE_URL. */
  url: string;
  requests: GatewayRequest[];
  behave(behaviour: GatewayBehaviour): void;
  close(): Promise<void>;
}

/**
 * A stand-in for the AI gateway on a free port of this machine, answering only what the AI SDK's
 * gateway provider calls for a structured text generation: `POST /language-model`, with the
 * generated text as the provider's result. Its "model" is the function a test gives it.
 */
export async function startStandInGateway(): Promise<StandInGateway> {
  let behaviour: GatewayBehaviour = { kind: 'status', status: 500 };
  const requests: GatewayRequest[] = [];
  const silent = new Set<import('node:http').ServerResponse>();
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString() || '{}') as GatewayRequest['body'];
      requests.push({ path: request.url ?? '', headers: request.headers, body });
      if (request.url !== '/language-model') {
        response.writeHead(404, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: { message: 'not found', type: 'not_found' } }));
        return;
      }
      if (behaviour.kind === 'silent') {
        silent.add(response);
        return;
      }
      if (behaviour.kind === 'status') {
        response.writeHead(behaviour.status, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({ error: { message: 'stand-in failure', type: 'internal_server_error' } }),
        );
        return;
      }
      const text =
        behaviour.kind === 'text' ? behaviour.text : JSON.stringify(behaviour.answer(columnsAsked(body)));
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          content: [{ type: 'text', text }],
          finishReason: { unified: 'stop', raw: 'stop' },
          usage: {
            inputTokens: { total: 100, noCache: 100, cacheRead: 0, cacheWrite: 0 },
            outputTokens: { total: 50, text: 50, reasoning: 0 },
          },
          warnings: [],
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    behave(next) {
      behaviour = next;
    },
    async close() {
      for (const response of silent) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The columns the prompt shows the model (the user message is their JSON). */
function columnsAsked(body: GatewayRequest['body']): Array<{ name: string; samples: string[] }> {
  const user = body.prompt?.find((message) => message.role === 'user');
  const content = user?.content;
  const text =
    typeof content === 'string' ? content : (content ?? []).map((part) => part.text ?? '').join('');
  return (JSON.parse(text) as { columns: Array<{ name: string; samples: string[] }> }).columns;
}
