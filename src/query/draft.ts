import { Storefront } from '../pages/index.js';
import type { LiveState } from './live-index.js';
import { checkDraftRelease } from './release-check.js';

/**
 * The live catalog read with draft files over the live release (a file given as `null` is
 * dropped, so the default reads), checked as a whole first: violations are a 422. The release
 * and snapshot stay the live ones' names; the planner, storefront and suggester's release are the
 * draft's.
 */
export function draftState(state: LiveState, files: Record<string, unknown>, now: Date): LiveState {
  const merged: Record<string, unknown> = { ...state.releaseFiles };
  for (const [name, file] of Object.entries(files)) {
    if (file === null) delete merged[name];
    else merged[name] = file;
  }
  const { release, planner } = checkDraftRelease(merged, state, now);
  const storefront = new Storefront({ ...state.storefront.source, files: release.files, planner });
  const suggester = state.suggester.withRelease(release.files, planner);
  return { ...state, releaseFiles: release.files, planner, storefront, suggester };
}
