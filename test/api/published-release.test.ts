import { afterEach, describe, expect, it } from 'vitest';
import { minimalRelease, smallShop, toJsonLines } from '../support/catalog.js';
import { getImport, publish, sendExport, settled, storeAndPublishRelease } from '../support/imports.js';
import { startTestStack, type TestStack } from '../support/stack.js';
import { waitFor } from '../support/wait.js';

let stack: TestStack | undefined;
afterEach(async () => {
  await stack?.close();
  stack = undefined;
});

/**
 * A smart category whose selector the engine cannot read (a price that is no number): its run fails
 * compiling. (A category the catalog lacks would not: a selector naming one matches nothing.)
 */
const brokenSmartCategory = {
  'categories.json': {
    nodes: [{ category: 'audio', where: { price: 'cheap' } }],
  },
};

async function runSettled(s: TestStack, id: number) {
  return waitFor(`run ${id} to end`, async () => {
    const run = await (await s.manage('GET', `/index-runs/${id}`)).json();
    return ['queued', 'running'].includes(run.status) ? undefined : run;
  });
}

describe('the published release after a run failed', () => {
  it('is the live one again: a failed import’s release is not published, and the next catalog builds with the live release', async () => {
    stack = await startTestStack();
    const live = await storeAndPublishRelease(stack, minimalRelease);
    const first = await (await stack.manage('PUT', '/catalog', toJsonLines(smallShop))).json();
    expect((await runSettled(stack, first.run.id)).status).toBe('succeeded');

    const draft = await sendExport(stack, toJsonLines(smallShop));
    const patched = await stack.manage('PATCH', `/imports/${draft.id}`, {
      version: (await getImport(stack, draft.id)).version,
      files: brokenSmartCategory,
    });
    expect(patched.status).toBe(200);
    const accepted = await publish(stack, draft.id);
    const failed = await settled(stack, draft.id);
    expect(failed.status).toBe('failed');
    // The run's error names the file and the pointer of the member at fault.
    expect(failed.run.error).toContain('categories.json at /nodes/0/where/price');
    expect(failed.run.error).toContain('"price" holds numbers, and "cheap" is none');

    const failedRelease = await (await stack.manage('GET', `/releases/${accepted.run.release}`)).json();
    expect(failedRelease.published).toBeUndefined();
    expect((await (await stack.manage('GET', `/releases/${live}`)).json()).published).toBe(true);
    const listed = await (await stack.manage('GET', '/releases')).json();
    expect(listed.data.filter((release: { published?: boolean }) => release.published)).toEqual([
      expect.objectContaining({ id: live }),
    ]);

    // The next catalog builds with the live release, not with the one that failed.
    const withSoundbars = [...smallShop, { type: 'category', id: 'soundbars', title: 'Soundbars' }];
    const next = await (await stack.manage('PUT', '/catalog', toJsonLines(withSoundbars))).json();
    expect(next.run.release).toBe(live);
    const built = await runSettled(stack, next.run.id);
    expect(built).toMatchObject({ status: 'succeeded', release: live });
    expect((await (await stack.manage('GET', '/live')).json()).release).toBe(live);
  });
});
