import type { ChannelView, ReleaseView } from '../release-view.js';
import { listed } from './check.js';

/** What several files may name from others: types, sorts, signals, channels and their locales. */

type Channel = Pick<ChannelView, 'locales'>;

export function typeCodes(view: ReleaseView): string[] {
  return view.types.types.map((type) => type.code);
}

/** The type of an entity reference `type:id`; the id may hold colons of its own. */
export function entityType(reference: string): string {
  return reference.slice(0, reference.indexOf(':'));
}

/** Why an entity reference names no known type, as a sentence; undefined when its type is known. */
export function entityTypeProblem(types: string[], reference: string): string | undefined {
  const code = entityType(reference);
  if (types.includes(code)) return undefined;
  return `"${reference}" is of type "${code}", which types.json does not define: name an entity of ${listed(types)}.`;
}

/** `relevance` is built in; every other sort code comes from ranking.json. */
export function sortCodes(view: ReleaseView): string[] {
  return ['relevance', ...(view.ranking.sorts ?? []).map((sort) => sort.code)];
}

export function signalCodes(view: ReleaseView): string[] {
  return (view.ranking.signals ?? []).map((signal) => signal.code);
}

export function channelIds(view: ReleaseView): string[] {
  return view.channels.channels.map((channel) => channel.id);
}

export function servedLocales(channels: Channel[]): string[] {
  return channels.flatMap((channel) => channel.locales);
}

/**
 * Whether a request in this locale is answered: a tag falls back along itself (`de-CH` to `de`),
 * so it is served when it or a shorter form of it is listed. Tags compare without case (BCP 47).
 */
export function serves(channels: Channel[], locale: string): boolean {
  const listedTags = new Set(servedLocales(channels).map((tag) => tag.toLowerCase()));
  const parts = locale.toLowerCase().split('-');
  return parts.some((_part, index) => listedTags.has(parts.slice(0, parts.length - index).join('-')));
}

/**
 * A link a shopper follows: a path on the shop, or an https URL. `//host` is not a path but a URL
 * without its scheme, which would leave the shop.
 */
export function isShopLink(value: string): boolean {
  return (value.startsWith('/') && !value.startsWith('//')) || value.startsWith('https://');
}
