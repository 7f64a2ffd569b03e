import countryToCurrency from 'country-to-currency';
import type { ChannelsFile } from '../../contracts/release-files/channels.js';
import type { FeedFile } from '../../contracts/release-files/feed.js';

/**
 * What the shop says about an export that the export does not say itself: the language its texts
 * are written in and the currency of its prices. feed.json says it first, then the shop's default
 * channel (channels.json's first), and a locale with a region (`en-US`) names its country's
 * currency. Nothing is assumed where none of them says it: no fixed language, no fixed currency.
 */
export interface ReadDefaults {
  locale?: { value: string; from: 'feed' | 'channel' };
  currency?: { value: string; from: 'feed' | 'channel' | 'locale' };
}

export function readDefaults(feed: FeedFile | undefined, channels: ChannelsFile | undefined): ReadDefaults {
  const channel = channels?.channels[0];
  const defaults: ReadDefaults = {};
  if (feed?.locale !== undefined) defaults.locale = { value: feed.locale, from: 'feed' };
  else if (channel?.locales[0] !== undefined)
    defaults.locale = { value: channel.locales[0], from: 'channel' };
  if (feed?.currency !== undefined) defaults.currency = { value: feed.currency, from: 'feed' };
  else if (channel !== undefined) defaults.currency = { value: channel.currency, from: 'channel' };
  else {
    const currency = currencyOfLocale(defaults.locale?.value);
    if (currency !== undefined) defaults.currency = { value: currency, from: 'locale' };
  }
  return defaults;
}

/** The currency of a locale's region (`en-US` USD, `de_CH` CHF), none for a bare language. */
export function currencyOfLocale(locale: string | undefined): string | undefined {
  if (locale === undefined) return undefined;
  let region: string | undefined;
  try {
    region = new Intl.Locale(locale.replace('_', '-')).region;
  } catch {
    return undefined;
  }
  if (region === undefined) return undefined;
  return (countryToCurrency as Record<string, string | undefined>)[region.toUpperCase()];
}

/** A label in the read's language; else the one a column was found by; else none. */
export function labelIn(
  label: string | Record<string, string>,
  locale: string | undefined,
  foundBy: string | undefined,
): string | undefined {
  if (typeof label === 'string') return label;
  if (locale !== undefined) {
    const tags = locale.replace('_', '-').toLowerCase().split('-');
    for (let length = tags.length; length > 0; length--) {
      const tag = tags.slice(0, length).join('-');
      const found = Object.entries(label).find(([key]) => key.toLowerCase() === tag);
      if (found) return found[1];
    }
  }
  if (foundBy !== undefined) {
    const name = foundBy.trim().toLowerCase();
    const found = Object.values(label).find((text) => text.trim().toLowerCase() === name);
    if (found) return found;
  }
  return undefined;
}
