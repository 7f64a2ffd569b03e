import { Agent, request } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';

export interface PacedResult {
  sent: number;
  /** Answers by status. */
  statuses: Map<number, number>;
  /** Each answer's time from sending to its last byte, in milliseconds, in order. */
  latenciesMs: number[];
  seconds: number;
}

/**
 * Sends POST requests at a fixed rate (an open loop: the next request leaves on time whether or not
 * earlier ones were answered), over keep-alive connections, and times each one with a
 * sub-millisecond clock. A closed loop (a fixed number of connections, each waiting for its answer)
 * would slow down with the server and hide its latency.
 */
export async function pacedPosts(
  url: string,
  body: (index: number) => { contentType: string; text: string },
  rate: number,
  seconds: number,
): Promise<PacedResult> {
  const target = new URL(url);
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const total = Math.round(rate * seconds);
  const statuses = new Map<number, number>();
  const latenciesMs: number[] = [];
  const pending: Promise<void>[] = [];
  const start = performance.now();
  for (let index = 0; index < total; index++) {
    const due = start + (index * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    const { contentType, text } = body(index);
    pending.push(
      new Promise<void>((resolve) => {
        const sentAt = performance.now();
        const outgoing = request(
          {
            agent,
            method: 'POST',
            host: target.hostname,
            port: target.port,
            path: target.pathname,
            headers: { 'content-type': contentType, 'content-length': Buffer.byteLength(text) },
          },
          (response) => {
            response.resume();
            response.on('end', () => {
              latenciesMs.push(performance.now() - sentAt);
              statuses.set(response.statusCode ?? 0, (statuses.get(response.statusCode ?? 0) ?? 0) + 1);
              resolve();
            });
          },
        );
        outgoing.on('error', () => {
          statuses.set(0, (statuses.get(0) ?? 0) + 1);
          resolve();
        });
        outgoing.end(text);
      }),
    );
  }
  await Promise.all(pending);
  const elapsed = (performance.now() - start) / 1000;
  agent.destroy();
  return { sent: total, statuses, latenciesMs, seconds: elapsed };
}

export function percentile(sortedValues: number[], fraction: number): number {
  if (sortedValues.length === 0) return Number.NaN;
  const index = Math.min(sortedValues.length - 1, Math.ceil(fraction * sortedValues.length) - 1);
  return sortedValues[Math.max(0, index)]!;
}

export function median(values: number[]): number {
  return percentile(
    [...values].sort((a, b) => a - b),
    0.5,
  );
}
