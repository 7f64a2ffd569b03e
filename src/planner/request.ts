import type { Violation } from '../contracts/problem.js';
import type { SearchRequest } from '../contracts/search.js';
import { AppError } from '../lib/errors.js';
import { DEFAULT_LOCALE } from '../lib/locale.js';
import { listed, pointer } from '../release/checks/check.js';
import { serves } from '../release/checks/known.js';
import type { ChannelsView, ChannelView } from '../release/release-view.js';

/** Where a request is answered: its channel and locale with their defaults. */
export interface RequestPlace {
  channel: ChannelView;
  locale: string;
}

/**
 * The channel (the release's first when the request names none) and the locale (the channel's
 * first) of a request, after checking that the release can answer it: a channel it has, a locale
 * the channel serves, context keys and values channels.json declares, a sort it defines. A
 * request it cannot answer is a 400 naming each field by JSON pointer.
 */
export function placeRequest(
  request: SearchRequest,
  channels: ChannelsView,
  sorts: readonly string[],
): RequestPlace {
  const violations: Violation[] = [];
  const channel =
    request.channel === undefined
      ? channels.channels[0]!
      : channels.channels.find((one) => one.id === request.channel);
  if (channel === undefined) {
    violations.push({
      pointer: '/channel',
      message: `"${request.channel}" is no channel of this shop: use one of ${listed(channels.channels.map((one) => one.id))}.`,
    });
  }
  const locale = request.locale ?? channel?.locales[0] ?? DEFAULT_LOCALE;
  if (channel !== undefined && request.locale !== undefined && !serves([channel], request.locale)) {
    violations.push({
      pointer: '/locale',
      message: `Channel "${channel.id}" does not serve the locale "${request.locale}": use one of ${listed(channel.locales)}.`,
    });
  }
  const declared = channels.context ?? [];
  for (const [key, value] of Object.entries(request.context ?? {})) {
    const declaration = declared.find((one) => one.key === key);
    if (declaration === undefined) {
      violations.push({
        pointer: pointer('context', key),
        message:
          declared.length === 0
            ? `"${key}" is no context key of this shop: channels.json declares none.`
            : `"${key}" is no context key of this shop: use one of ${listed(declared.map((one) => one.key))}.`,
      });
    } else if (declaration.values !== undefined && !declaration.values.includes(value)) {
      violations.push({
        pointer: pointer('context', key),
        message: `"${value}" is no value of the context key "${key}": use one of ${listed(declaration.values)}.`,
      });
    }
  }
  if (request.sort !== undefined && !sorts.includes(request.sort)) {
    violations.push({
      pointer: '/sort',
      message: `"${request.sort}" is no sort of this shop: use one of ${listed(sorts)}.`,
    });
  }
  if (violations.length > 0 || channel === undefined) {
    throw new AppError('unknown_name', 'The request cannot be answered as sent.', violations);
  }
  return { channel, locale };
}
