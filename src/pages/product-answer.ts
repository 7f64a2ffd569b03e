import type { DetailAnswer, OfferAnswer, PageStep, ProductAnswer } from '../contracts/pages.js';
import type { Attribute } from '../contracts/release-files/index.js';
import { entityOffers, type RowOffer } from '../engine/index.js';
import { AppError } from '../lib/errors.js';
import type { LocalizedText } from '../lib/locale.js';
import { builtInValueLabel, formatNumber, withUnit, wordsFor } from '../lib/words.js';
import { hiddenStep } from './product-hidden.js';
import type { DetailValue, ProductRecord, VariantRecord } from './product-records.js';
import type { PagePlace, Storefront } from './storefront.js';

export interface ProductLookup {
  id?: string;
  url?: string;
  channel?: string;
  locale?: string;
  debug?: boolean;
}

/** A product found for a page: its record, and the variant a variant URL names. */
export interface FoundProduct {
  record: ProductRecord;
  variant?: string;
}

/**
 * The product answer: the product's text, photos, categories with their path to the root, brand,
 * details, variants with their axes, and the offer its tile shows, all in the channel and locale
 * at `time`. Exactly one of `id` and `url` names it (else 400, as for a channel or locale the
 * release lacks); a product the channel does not sell, or no product at all, is a 404.
 */
export function answerProduct(storefront: Storefront, lookup: ProductLookup, time: Date): ProductAnswer {
  const { id, url } = lookup;
  if ((id === undefined) === (url === undefined)) {
    const message =
      id === undefined
        ? 'Name the product: give its id, or its url.'
        : 'Name the product once: give its id or its url, not both.';
    throw new AppError('invalid_request', 'The request cannot be answered as sent.', [
      { pointer: id === undefined ? '/id' : '/url', message },
    ]);
  }
  const place = storefront.place(lookup.channel, lookup.locale);
  const trace: PageStep[] = [];
  const found =
    id !== undefined
      ? productById(storefront, id, trace)
      : productByUrl(storefront, url!, place.textLocale, trace);
  if (found === undefined) {
    throw new AppError(
      'product_not_found',
      id !== undefined
        ? `The catalog holds no product "${id}".`
        : `No product has the URL "${url}" in the locale ${place.locale}.`,
    );
  }
  if (lookup.debug === true) {
    const hidden = hiddenStep(storefront, found.record.id, place, time);
    if (hidden) trace.push(hidden);
  }
  const answer = productPage(storefront, found, place, time, lookup.debug === true ? trace : undefined);
  if (answer === undefined) {
    throw new AppError(
      'product_not_found',
      `The channel "${place.channel.id}" does not sell the product "${found.record.id}".`,
    );
  }
  return answer;
}

export function productById(storefront: Storefront, id: string, trace: PageStep[]): FoundProduct | undefined {
  const record = storefront.source.records.byId(id);
  trace.push({
    step: 'lookup',
    outcome: record ? 'matched' : 'no_match',
    detail: record
      ? `The id "${id}" names a product of the catalog.`
      : `The catalog holds no product "${id}".`,
    ...(record ? { entity: `product:${id}` } : {}),
  });
  return record ? { record } : undefined;
}

/**
 * The product whose URL (or whose variant's URL) in the locale is `url`. A URL the catalog writes
 * for another locale only names nothing here.
 */
export function productByUrl(
  storefront: Storefront,
  url: string,
  locale: string,
  trace: PageStep[],
): FoundProduct | undefined {
  const { records } = storefront.source;
  for (const target of records.byUrl(url)) {
    const record = records.record(target.record);
    const variant =
      target.variant === undefined ? undefined : record.variants?.find((one) => one.id === target.variant);
    const written = variant !== undefined ? variant.url : record.url;
    if (storefront.text(written, locale) !== url) continue;
    trace.push({
      step: 'lookup',
      outcome: 'matched',
      url,
      entity: `product:${record.id}`,
      detail:
        variant !== undefined
          ? `"${url}" is the URL of variant ${variant.id} of product ${record.id} in ${locale}.`
          : `"${url}" is the URL of product ${record.id} in ${locale}.`,
    });
    return { record, ...(variant !== undefined ? { variant: variant.id } : {}) };
  }
  trace.push({
    step: 'lookup',
    outcome: 'no_match',
    url,
    detail: `No product has the URL "${url}" in ${locale}.`,
  });
  return undefined;
}

/** The product page of a found product in a place, or undefined when the channel sells none of its variants. */
export function productPage(
  storefront: Storefront,
  found: FoundProduct,
  place: PagePlace,
  time: Date,
  trace: PageStep[] | undefined,
): ProductAnswer | undefined {
  const { record } = found;
  const channel = place.channel.id;
  const offers = entityOffers(storefront.source.index, 'product', record.id, {
    channel,
    time: time.getTime(),
  });
  const sold = offers?.rows.filter((row) => row.sold) ?? [];
  if (offers === undefined || offers.tile < 0) {
    trace?.push({
      step: 'offer',
      outcome: 'no_match',
      entity: `product:${record.id}`,
      detail: `Channel ${channel} sells none of its ${offers?.rows.length ?? 0} variants.`,
    });
    return undefined;
  }
  const locale = place.textLocale;
  const text = (value: LocalizedText | undefined) => storefront.text(value, locale);
  const named =
    found.variant !== undefined ? offers.rows.find((row) => row.id === found.variant && row.sold) : undefined;
  const shown = named ?? offers.rows[offers.tile]!;
  trace?.push({
    step: 'offer',
    outcome: 'matched',
    entity: `product:${record.id}`,
    detail: offerSentence(channel, sold.length, offers.rows.length, shown, named !== undefined, record, time),
  });

  const answer: ProductAnswer = {
    release: storefront.source.release,
    snapshot: storefront.source.snapshot,
    entity: `product:${record.id}`,
    id: record.id,
    channel,
    locale,
    categories: [],
    details: [],
    offer: offerAnswer(shown, locale),
  };
  const title = text(record.title);
  if (title !== undefined) answer.title = title;
  const description = text(record.description);
  if (description !== undefined) answer.description = description;
  const url = text(record.url);
  if (url !== undefined) answer.url = url;
  const images = photos(record.image, record.images);
  if (images.length > 0) {
    answer.image = images[0]!;
    answer.images = images;
  }
  if (record.brand !== undefined) answer.brand = brandAnswer(storefront, record.brand, locale);
  answer.categories = (record.categories ?? [])
    .filter((category) => storefront.inChannel(category, channel))
    .map((category, at) => {
      const link = storefront.categoryLink(category, locale);
      return {
        ...link,
        ...(at === 0 ? { primary: true as const } : {}),
        path: storefront.categoryPath(category, locale),
      };
    });
  answer.details = detailsOf(storefront, record.attributes, locale, new Set());
  if (record.variants !== undefined && record.variants.length > 0) {
    const axes = record.varies_by ?? [];
    const soldIds = new Set(sold.map((row) => row.id));
    const variants = record.variants.filter((variant) => soldIds.has(variant.id));
    answer.axes = axes.map((code) => axisOf(storefront, code, variants, locale));
    answer.variants = variants.map((variant) =>
      variantAnswer(storefront, variant, offers.rows.find((row) => row.id === variant.id)!, axes, locale),
    );
    answer.variant = shown.id;
  }
  if (trace !== undefined) answer.trace = trace;
  return answer;
}

function offerSentence(
  channel: string,
  sold: number,
  variants: number,
  shown: RowOffer,
  named: boolean,
  record: ProductRecord,
  time: Date,
): string {
  const which =
    record.variants === undefined || record.variants.length === 0
      ? 'its offer'
      : named
        ? `variant ${shown.id}, which its URL names`
        : `variant ${shown.id}, the cheapest`;
  const amount = (value: number) =>
    shown.currency !== undefined ? `${value} ${shown.currency}` : `${value}`;
  const price =
    shown.salePrice !== undefined
      ? `the sale price ${amount(shown.salePrice)} holds at ${time.toISOString()}`
      : shown.price !== undefined
        ? `at ${amount(shown.price)}, no sale price holding at ${time.toISOString()}`
        : 'without a price';
  return `Channel ${channel} sells ${sold} of its ${variants} variant${variants === 1 ? '' : 's'}; the page shows ${which}: ${price}.`;
}

/** The main photo first, then the others, each once. */
function photos(image: string | undefined, images: readonly string[] | undefined): string[] {
  return [...new Set([...(image !== undefined ? [image] : []), ...(images ?? [])])];
}

function brandAnswer(
  storefront: Storefront,
  written: string,
  locale: string,
): NonNullable<ProductAnswer['brand']> {
  const brand = storefront.brand(written);
  if (brand === undefined || !brand.page) return { name: written };
  const info = storefront.source.index.shared.brand(brand.id);
  const url = storefront.brandUrl(brand, locale);
  return {
    id: brand.id,
    name: storefront.text(info?.title, locale) ?? brand.name,
    ...(url !== undefined ? { url } : {}),
    ...(info?.logo !== undefined ? { logo: info.logo } : {}),
  };
}

/** An offer as a shopper reads it, in the locale. */
export function offerAnswer(row: RowOffer, locale: string): OfferAnswer {
  const offer: OfferAnswer = {
    on_sale: row.onSale,
    ...(row.currency !== undefined ? { currency: row.currency } : {}),
  };
  if (row.price !== undefined) offer.price = row.price;
  if (row.salePrice !== undefined) offer.sale_price = row.salePrice;
  if (row.saleUntil !== undefined) offer.sale_until = new Date(row.saleUntil).toISOString();
  if (row.discount !== undefined) offer.discount = row.discount;
  if (row.availability !== undefined) {
    offer.availability = row.availability;
    offer.availability_label = builtInValueLabel(row.availability, locale);
  }
  if (row.stock !== undefined) offer.stock = row.stock;
  if (row.delivery !== undefined) {
    offer.delivery_days = row.delivery;
    const { min, max } = row.delivery;
    offer.delivery_label =
      min === max
        ? withUnit(max, 'day', locale)
        : wordsFor(locale)
            .between.replace('{a}', formatNumber(min, locale))
            .replace('{b}', withUnit(max, 'day', locale));
  }
  return offer;
}

/** Details in the order attributes.json lists them, leaving out the codes in `skip`. */
function detailsOf(
  storefront: Storefront,
  values: Record<string, DetailValue> | undefined,
  locale: string,
  skip: ReadonlySet<string>,
): DetailAnswer[] {
  if (values === undefined) return [];
  const details: DetailAnswer[] = [];
  for (const attribute of storefront.view.attributeList) {
    const value = values[attribute.code];
    if (value === undefined || skip.has(attribute.code)) continue;
    if (storefront.view.attributes.get(attribute.code) !== attribute) continue;
    details.push(detailOf(storefront, attribute, value, locale));
  }
  return details;
}

function detailOf(
  storefront: Storefront,
  attribute: Attribute,
  value: DetailValue,
  locale: string,
): DetailAnswer {
  const shown =
    attribute.type === 'text' && typeof value === 'object' && !Array.isArray(value) && !('min' in value)
      ? (storefront.text(value as LocalizedText, locale) ?? '')
      : value;
  const detail: DetailAnswer = {
    code: attribute.code,
    label: storefront.text(attribute.label, locale) ?? attribute.code,
    type: attribute.type,
    value: shown as DetailAnswer['value'],
    text: detailText(storefront, attribute, shown as DetailValue, locale),
  };
  if (attribute.unit !== undefined) detail.unit = attribute.unit;
  const description = storefront.text(attribute.description, locale);
  if (description !== undefined) detail.description = description;
  return detail;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** A detail's value as shoppers read it: option labels, numbers with units, yes or no, dates in words. */
function detailText(
  storefront: Storefront,
  attribute: Attribute,
  value: DetailValue,
  locale: string,
): string {
  if (Array.isArray(value))
    return value.map((one) => detailText(storefront, attribute, one, locale)).join(', ');
  if (typeof value === 'object') {
    if ('min' in value && typeof value.min === 'number') {
      const range = value as { min: number; max: number };
      return range.min === range.max
        ? withUnit(range.min, attribute.unit, locale)
        : wordsFor(locale)
            .between.replace('{a}', withUnit(range.min, attribute.unit, locale))
            .replace('{b}', withUnit(range.max, attribute.unit, locale));
    }
    return storefront.text(value as LocalizedText, locale) ?? '';
  }
  switch (attribute.type) {
    case 'boolean':
      return builtInValueLabel(String(value), locale);
    case 'number':
    case 'quantity':
      return typeof value === 'number' ? withUnit(value, attribute.unit, locale) : String(value);
    case 'option':
      return optionLabel(storefront, attribute, value, locale);
    case 'date':
      return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)
        ? dateText(value, locale)
        : String(value);
    default:
      return String(value);
  }
}

function dateText(value: string, locale: string): string {
  let format = dateFormats.get(locale);
  if (format === undefined) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' });
    if (dateFormats.size < 1000) dateFormats.set(locale, format);
  }
  return format.format(new Date(`${value}T00:00:00Z`));
}

function optionLabel(storefront: Storefront, attribute: Attribute, value: unknown, locale: string): string {
  const option = attribute.options?.find((one) => one.value === String(value));
  return (option !== undefined ? storefront.text(option.label, locale) : undefined) ?? String(value);
}

/** An axis of the variants sold: its values in the attribute's value order, else as the variants come. */
function axisOf(
  storefront: Storefront,
  code: string,
  variants: readonly VariantRecord[],
  locale: string,
): NonNullable<ProductAnswer['axes']>[number] {
  const attribute = storefront.view.attributes.get(code);
  const seen: Array<string | number | boolean> = [];
  for (const variant of variants) {
    const value = variant.attributes?.[code];
    for (const one of Array.isArray(value) ? value : [value]) {
      if (
        (typeof one === 'string' || typeof one === 'number' || typeof one === 'boolean') &&
        !seen.includes(one)
      ) {
        seen.push(one);
      }
    }
  }
  const order = (attribute?.options ?? []).map((option) => option.value);
  const rank = (value: unknown) => {
    const at = order.indexOf(String(value));
    return at < 0 ? order.length : at;
  };
  const values = seen
    .map((value, at) => ({ value, at }))
    .sort((a, b) => rank(a.value) - rank(b.value) || a.at - b.at)
    .map(({ value }) => {
      const option = attribute?.options?.find((one) => one.value === String(value));
      return {
        value,
        label:
          attribute === undefined
            ? String(value)
            : detailText(storefront, attribute, value as DetailValue, locale),
        ...(option?.swatch !== undefined ? { swatch: option.swatch } : {}),
        ...(option?.image !== undefined ? { image: option.image } : {}),
      };
    });
  return {
    code,
    label: attribute !== undefined ? (storefront.text(attribute.label, locale) ?? code) : code,
    values,
  };
}

function variantAnswer(
  storefront: Storefront,
  variant: VariantRecord,
  offer: RowOffer,
  axes: readonly string[],
  locale: string,
): NonNullable<ProductAnswer['variants']>[number] {
  const choices: Record<string, string | number | boolean> = {};
  for (const code of axes) {
    const value = variant.attributes?.[code];
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      choices[code] = value;
  }
  const answer: NonNullable<ProductAnswer['variants']>[number] = {
    id: variant.id,
    choices,
    offer: offerAnswer(offer, locale),
  };
  const title = storefront.text(variant.title, locale);
  if (title !== undefined) answer.title = title;
  const url = storefront.text(variant.url, locale);
  if (url !== undefined) answer.url = url;
  const images = photos(variant.image, variant.images);
  if (images.length > 0) {
    answer.image = images[0]!;
    answer.images = images;
  }
  const details = detailsOf(storefront, variant.attributes, locale, new Set(axes));
  if (details.length > 0) answer.details = details;
  return answer;
}
