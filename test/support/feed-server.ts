import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FeedRequestSeen {
  path: string;
  headers: IncomingHttpHeaders;
}

/** A feed on loopback whose answer a test sets: what a shop's platform publishes. */
export interface FeedServer {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  port: number;
  requests: FeedRequestSeen[];
  /** How the next requests are answered. */
  answer(handler: (request: FeedRequestSeen, response: ServerResponse) => void): void;
  close(): Promise<void>;
}

export async function startFeedServer(): Promise<FeedServer> {
  const requests: FeedRequestSeen[] = [];
  let handler: (request: FeedRequestSeen, response: ServerResponse) => void = (_request, response) =>
    response.writeHead(404).end();
  const server: Server = createServer((request, response) => {
    const seen = { path: request.url ?? '/', headers: request.headers };
    requests.push(seen);
    handler(seen, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    requests,
    answer(next) {
      handler = next;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Answers a feed with an ETag, and 304 when the request names that ETag already. */
export function feedWithEtag(body: string, etag: string) {
  return (request: FeedRequestSeen, response: ServerResponse) => {
    if (request.headers['if-none-match'] === etag) return response.writeHead(304, { etag }).end();
    response.writeHead(200, { 'content-type': 'application/x-ndjson', etag }).end(body);
  };
}
