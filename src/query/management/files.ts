import { AppError } from '../../lib/errors.js';
import { placeRequest, type RequestPlace } from '../../planner/index.js';
import { releaseView } from '../../release/release-view.js';
import { validateRelease } from '../../release/validate.js';
import type { LiveIndex } from '../live-index.js';

/**
 * The release files a management question is about: a draft's, checked as a whole (422 with the
 * violations), or, when none are given, the live release's (503 while nothing is live, as for a
 * draft's question that `needsLive`, saying why as searches do).
 */
export function questionFiles(
  given: Record<string, unknown> | undefined,
  liveIndex: Pick<LiveIndex, 'current' | 'nothingLive'>,
  needsLive = false,
): Record<string, unknown> {
  const live = liveIndex.current();
  if (live === undefined && (given === undefined || needsLive)) throw liveIndex.nothingLive();
  if (given === undefined) return live!.releaseFiles;
  const check = validateRelease(given);
  if (!check.ok) {
    throw new AppError(
      'release_violations',
      'The release the draft makes has violations: correct each file at the pointer named.',
      check.violations,
    );
  }
  return check.release.files;
}

/** The channel and locale asked for, with their defaults; 400 naming the one the release lacks. */
export function questionPlace(
  files: Record<string, unknown>,
  asked: { channel?: string; locale?: string },
): RequestPlace {
  const channels = releaseView(files).channels;
  return placeRequest(
    {
      ...(asked.channel !== undefined ? { channel: asked.channel } : {}),
      ...(asked.locale !== undefined ? { locale: asked.locale } : {}),
    },
    channels,
    ['relevance'],
  );
}
