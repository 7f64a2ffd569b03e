import { type ClientRequest, request } from 'node:http';

export interface SlowAnswer {
  status: number;
  contentType: string | undefined;
  body: string;
}

export interface SlowRequest {
  /** What the server answered, once it did. */
  answer: Promise<SlowAnswer>;
  /** Bytes of the body sent so far. */
  sent(): number;
  /** Closes the connection, as a client that gives up. */
  leave(): void;
}

/**
 * A request whose body goes out `step` bytes every `everyMs`, announced whole by its
 * Content-Length: a client on a poor link, or one that trickles on purpose. With `stopAfter` it
 * stops sending after that many bytes and waits, holding the connection open.
 */
export function sendSlowly(
  url: string,
  options: {
    method: string;
    headers?: Record<string, string>;
    body: Buffer | string;
    step?: number;
    everyMs?: number;
    stopAfter?: number;
  },
): SlowRequest {
  const body = Buffer.from(options.body);
  const step = options.step ?? 1;
  const stopAfter = Math.min(options.stopAfter ?? body.length, body.length);
  let sent = 0;
  let timer: NodeJS.Timeout | undefined;
  let outgoing: ClientRequest | undefined;
  const answer = new Promise<SlowAnswer>((resolve, reject) => {
    let answered = false;
    outgoing = request(
      url,
      { method: options.method, headers: { ...options.headers, 'content-length': String(body.length) } },
      (response) => {
        answered = true;
        clearInterval(timer);
        let text = '';
        response.on('data', (chunk: Buffer) => {
          text += chunk.toString();
        });
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            contentType: response.headers['content-type'],
            body: text,
          }),
        );
      },
    );
    // Writing on after the server answered and closed is no failure of the request.
    outgoing.on('error', (error) => {
      if (!answered) reject(error);
    });
    outgoing.flushHeaders();
    timer = setInterval(() => {
      if (sent >= stopAfter) return;
      const end = Math.min(stopAfter, sent + step);
      outgoing?.write(body.subarray(sent, end));
      sent = end;
    }, options.everyMs ?? 100);
  });
  return {
    answer,
    sent: () => sent,
    leave() {
      clearInterval(timer);
      outgoing?.destroy();
    },
  };
}
