import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smallShop, toJsonLines } from '../support/catalog.js';
import { parseBanner, runCli } from '../support/cli.js';
import { call } from '../support/http.js';
import { killHard } from '../support/processes.js';
import { waitFor } from '../support/wait.js';

const ports = { AISLE_PUBLIC_PORT: '0', AISLE_INTERNAL_PORT: '0', AISLE_MANAGEMENT_PORT: '0' };
const KEY = 'stop-test-key-0123456789';
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'aisle-stop-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

/**
 * An upload whose body is sent in two halves, so that it is in flight as long as the test wants.
 * It asks the server to confirm it read the request's head (`Expect: 100-continue`) before the
 * body is sent: `inFlight` resolves once the first half went out after that confirmation.
 */
function heldUpload(url: string, body: string) {
  let confirmed: () => void = () => {};
  let finish: () => void = () => {};
  const inFlight = new Promise<void>((resolve) => {
    confirmed = resolve;
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    const sent = request(
      `${url}/api/v1/catalog`,
      {
        method: 'PUT',
        headers: {
          authorization: `Bearer ${KEY}`,
          'content-type': 'application/x-ndjson',
          expect: '100-continue',
        },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => {
          text += chunk.toString();
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      },
    );
    sent.on('error', reject);
    const half = Math.floor(body.length / 2);
    sent.on('continue', () => sent.write(body.slice(0, half), () => confirmed()));
    finish = () => sent.end(body.slice(half));
  });
  return { answer, inFlight, finish: () => finish() };
}

describe('aisle start stopped with SIGTERM', () => {
  it('refuses new connections, answers the request in flight, and exits 0', async () => {
    const cli = runCli(['start'], { ...ports, AISLE_DATA_DIR: dataDir, SEARCH_MANAGEMENT_KEY: KEY });
    const urls = parseBanner(await cli.waitForOutput(/aisle is ready\./));
    const upload = heldUpload(urls.management!.replace(/\/api\/v1$/, ''), toJsonLines(smallShop));
    await upload.inFlight;
    cli.child.kill('SIGTERM');
    await waitFor('the public port to refuse new connections', async () => {
      try {
        const response = await call(`${urls.public}/health`);
        return response.status === 503 ? true : undefined;
      } catch {
        return true;
      }
    });
    expect(cli.child.exitCode).toBeNull();
    upload.finish();
    const answer = await upload.answer;
    expect(answer.status).toBe(202);
    expect(JSON.parse(answer.body).snapshot.entities).toBe(smallShop.length);
    expect(await cli.exited).toBe(0);
  });
});

describe('aisle start killed while it receives an upload', () => {
  it('leaves the half-received body behind, and the next start removes it', async () => {
    const incoming = join(dataDir, 'blobs', 'incoming');
    const env = { ...ports, AISLE_DATA_DIR: dataDir, SEARCH_MANAGEMENT_KEY: KEY };
    const cli = runCli(['start'], env);
    const urls = parseBanner(await cli.waitForOutput(/aisle is ready\./));
    const upload = heldUpload(urls.management!.replace(/\/api\/v1$/, ''), toJsonLines(smallShop));
    upload.answer.catch(() => undefined);
    await upload.inFlight;
    const staged = await waitFor('the body to be staged', async () => {
      const files = await readdir(incoming).catch(() => []);
      return files.length > 0 ? files : undefined;
    });
    expect(staged).toHaveLength(1);
    await killHard(cli.child, cli.exited);
    expect(await readdir(incoming)).toEqual(staged);

    const next = runCli(['start'], env);
    try {
      await next.waitForOutput(/aisle is ready\./);
      expect(await readdir(incoming)).toEqual([]);
    } finally {
      expect(await next.stop()).toBe(0);
    }
  });
});
