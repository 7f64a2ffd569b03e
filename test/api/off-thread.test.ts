import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { generateCatalog } from '../../src/catalog/demo/generate.js';
import { minimalRelease, smallShop, toJsonLines } from '../support/catalog.js';
import { publish, searchesRead, sendExport, settled, storeAndPublishRelease } from '../support/imports.js';
import { startTestStack, type TestStack } from '../support/stack.js';
import { type WatchedTask, watchTasks } from '../support/tasks.js';
import { waitFor } from '../support/wait.js';

// The engine's and the readers' heavy entry points, watched on the thread that answers requests.
// Work done on a worker thread runs its own copy of these modules and is not seen here.
const watched = vi.hoisted(() => ({ compile: 0, read: 0, impacts: 0 }));
vi.mock('../../src/engine/compile.js', async (original) => {
  const module = await original<typeof import('../../src/engine/compile.js')>();
  return {
    ...module,
    compileIndex: (...args: Parameters<typeof module.compileIndex>) => {
      watched.compile++;
      return module.compileIndex(...args);
    },
  };
});
vi.mock('../../src/catalog/read-export.js', async (original) => {
  const module = await original<typeof import('../../src/catalog/read-export.js')>();
  return {
    ...module,
    readExport: (...args: Parameters<typeof module.readExport>) => {
      watched.read++;
      return module.readExport(...args);
    },
  };
});
vi.mock('../../src/engine/ranking/bm25.js', async (original) => {
  const module = await original<typeof import('../../src/engine/ranking/bm25.js')>();
  return {
    ...module,
    postingImpacts: (...args: Parameters<typeof module.postingImpacts>) => {
      watched.impacts++;
      return module.postingImpacts(...args);
    },
  };
});

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.close();
});

describe('heavy work off the thread that answers searches', () => {
  it('reads uploads and kept exports, builds indexes and prepares them for loading on worker threads', async () => {
    expect((await stack.manage('PUT', '/catalog', toJsonLines(smallShop))).status).toBe(202);
    await storeAndPublishRelease(stack, minimalRelease);
    await waitFor('the first index to go live', async () =>
      (await stack.search({ query: 'kettle' })).status === 200 ? true : undefined,
    );

    const draft = await sendExport(stack, toJsonLines(smallShop.slice(0, 4)));
    expect((await stack.manage('GET', `/imports/${draft.id}/inspection`)).status).toBe(200);
    expect((await stack.manage('GET', `/imports/${draft.id}/changes`)).status).toBe(200);
    const { run } = await publish(stack, draft.id);
    expect((await settled(stack, draft.id)).status).toBe('live');
    await searchesRead(stack, run.id);

    const answer = await (await stack.search({ query: 'headphones' })).json();
    expect(answer.sections[0].hits[0].entity).toBe('product:p1');
    // Each of these ran, on a worker thread, and never on this one.
    expect(watched).toEqual({ compile: 0, read: 0, impacts: 0 });
  });

  it('answers searches while a large upload is read and while a kept export is inspected', async () => {
    await waitFor('an index to be live', async () =>
      (await stack.search({ query: 'kettle' })).status === 200 ? true : undefined,
    );
    const tasks = watchTasks(stack.workers.reads);
    // 20,000 products (16 MB): reading them takes seconds, a search a few milliseconds.
    const large = toJsonLines([...generateCatalog({ products: 20_000, seed: 22 })]);

    const uploading = sendExport(stack, large, 'large.jsonl');
    const upload = await waitFor('the upload to be read on a read thread', async () =>
      tasks.find((task) => task.name === 'upload:count-export'),
    );
    await expectSearchAnsweredBefore(upload);
    const draft = await uploading;
    expect(upload.finished).toBe(true);

    const inspecting = stack.manage('GET', `/imports/${draft.id}/inspection`);
    const inspection = await waitFor('the export to be inspected on a read thread', async () =>
      tasks.find((task) => task.name === 'export:inspect'),
    );
    await expectSearchAnsweredBefore(inspection);
    const answer = await inspecting;
    expect(answer.status).toBe(200);
    expect((await answer.json()).counts.products).toBe(20_000);
  });
});

/**
 * A search answered in full while `task` still runs, and the export readers never called on the
 * thread that answered it: the reading is all on a read thread.
 */
async function expectSearchAnsweredBefore(task: WatchedTask): Promise<void> {
  const answer = await stack.search({ query: 'headphones' });
  expect(answer.status).toBe(200);
  expect((await answer.json()).sections[0].hits[0].entity).toBe('product:p1');
  expect(task.finished).toBe(false);
  expect(watched.read).toBe(0);
}
