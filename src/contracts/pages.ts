import { type Static, Type } from '@sinclair/typebox';
import { DeliveryDays } from './catalog-entity.js';
import { EntityRef } from './common.js';
import { FacetEntry } from './release-files/categories.js';
import { SearchRequest, SearchResponse, Traffic } from './search.js';

/**
 * Storefront pages: what a product page shows (`GET /v1/product`), what a URL is
 * (`GET /v1/resolve`), the robots.txt lines (`GET /v1/robots`), the category tree
 * (`GET /categories`) and what a listing page shows with the origin of each setting
 * (`POST /pages/settings`). The contract names their content and leaves the field names to us.
 */

const Scalar = Type.Union([Type.Boolean(), Type.Number(), Type.String()]);

const QueryBoolean = Type.Union(
  [Type.Literal('1'), Type.Literal('0'), Type.Literal('true'), Type.Literal('false')],
  { description: '`1` or `true`; `0` or `false`.' },
);

// ---------------------------------------------------------------------------------------------
// Product answer

export const PageStep = Type.Object(
  {
    step: Type.Union(
      [
        Type.Literal('parameters'),
        Type.Literal('normalize'),
        Type.Literal('legacy'),
        Type.Literal('search_page'),
        Type.Literal('category_path'),
        Type.Literal('brand_path'),
        Type.Literal('product_url'),
        Type.Literal('filters'),
        Type.Literal('decision'),
        Type.Literal('lookup'),
        Type.Literal('hidden'),
        Type.Literal('offer'),
      ],
      {
        description:
          'First `parameters` when the request’s own URL parameters were left out (`ignored`). Resolve: `normalize`, `legacy`, `search_page`, `category_path`, `brand_path`, `product_url` in the decision order, then `filters` and `decision`. Product: `lookup`, `hidden` when a rule hides the product from listings (its page is still answered), then `offer`.',
      },
    ),
    outcome: Type.Union([Type.Literal('matched'), Type.Literal('no_match'), Type.Literal('done')]),
    detail: Type.String({ description: 'What it looked at and what it found, in a sentence.' }),
    url: Type.Optional(Type.String({ description: 'The URL it looked at.' })),
    entity: Type.Optional(EntityRef),
    rule: Type.Optional(
      Type.String({ description: 'hidden: the rule that hides the product from listings.' }),
    ),
    removed: Type.Optional(
      Type.Array(Type.String(), { description: 'normalize: the parameters it dropped (tracking, empty).' }),
    ),
    ignored: Type.Optional(
      Type.Array(Type.String(), {
        description:
          'parameters: the URL parameters of the request left out, each as `name=value` as sent (ones the endpoint does not read, and repeats of one it reads), as a search’s trace names them.',
      }),
    ),
  },
  { $id: 'PageStep', additionalProperties: false },
);
export type PageStep = Static<typeof PageStep>;

export const ProductQuery = Type.Object(
  {
    id: Type.Optional(Type.String({ minLength: 1, description: "The merchant's id of the product." })),
    url: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 2048,
        description:
          "The product's URL in the locale as the catalog writes it (a variant's own URL names the product with that variant), instead of the id.",
      }),
    ),
    channel: Type.Optional(
      Type.String({ minLength: 1, description: "Default: the release's first channel." }),
    ),
    locale: Type.Optional(Type.String({ minLength: 1, description: "Default: the channel's first locale." })),
    debug: Type.Optional(QueryBoolean),
  },
  { additionalProperties: false, description: 'Exactly one of `id` and `url`.' },
);
export type ProductQuery = Static<typeof ProductQuery>;

export const OfferAnswer = Type.Object(
  {
    price: Type.Optional(Type.Number({ description: 'The regular price.' })),
    sale_price: Type.Optional(
      Type.Number({
        description: "The reduced price; present only within its sale window at the request's time.",
      }),
    ),
    sale_until: Type.Optional(
      Type.String({ format: 'date-time', description: 'When the sale price ends, where its window closes.' }),
    ),
    on_sale: Type.Boolean({ description: 'The sale price holds now and is below the regular price.' }),
    discount: Type.Optional(
      Type.Number({ description: 'The reduction in percent of the regular price, while on sale.' }),
    ),
    currency: Type.Optional(
      Type.String({
        description: 'The currency of the prices; absent when neither the offer nor its channel names one.',
      }),
    ),
    availability: Type.Optional(
      Type.Union([
        Type.Literal('in_stock'),
        Type.Literal('out_of_stock'),
        Type.Literal('preorder'),
        Type.Literal('backorder'),
      ]),
    ),
    availability_label: Type.Optional(
      Type.String({ description: "The availability in the request's locale." }),
    ),
    stock: Type.Optional(Type.Number()),
    delivery_days: Type.Optional(DeliveryDays),
    delivery_label: Type.Optional(
      Type.String({ description: 'The delivery days as shoppers read them: "2 to 4 days", "1 Tag".' }),
    ),
  },
  {
    $id: 'OfferAnswer',
    additionalProperties: false,
    description: "An offer in the request's channel at the request's time.",
  },
);
export type OfferAnswer = Static<typeof OfferAnswer>;

export const PageLink = Type.Object(
  {
    id: Type.String(),
    title: Type.String({ description: "In the request's locale (the id where the catalog gives none)." }),
    url: Type.Optional(Type.String({ description: "Its page's path in the locale, where it has one." })),
  },
  { $id: 'PageLink', additionalProperties: false },
);
export type PageLink = Static<typeof PageLink>;

export const ProductCategory = Type.Object(
  {
    id: Type.String(),
    title: Type.String(),
    url: Type.Optional(Type.String()),
    primary: Type.Optional(Type.Literal(true, { description: "The product's primary category." })),
    path: Type.Array(Type.Ref(PageLink), {
      description: 'From the root down to this category, for breadcrumbs.',
    }),
  },
  { additionalProperties: false },
);

export const DetailAnswer = Type.Object(
  {
    code: Type.String({ description: 'The attribute code.' }),
    label: Type.String({ description: "The attribute's label in the locale." }),
    type: Type.String({ description: 'The attribute type of attributes.json.' }),
    value: Type.Union(
      [
        Scalar,
        Type.Array(Scalar),
        Type.Object({ min: Type.Number(), max: Type.Number() }, { additionalProperties: false }),
      ],
      {
        description:
          "The value as filters name it: an option's value, a quantity as a number in the attribute's unit, a range as `min` and `max`, a boolean, a date; several values as an array.",
      },
    ),
    text: Type.String({
      description:
        'The value as shoppers read it in the locale: option labels, numbers with units, yes or no.',
    }),
    unit: Type.Optional(Type.String()),
    description: Type.Optional(Type.String({ description: "The attribute's description in the locale." })),
  },
  { $id: 'DetailAnswer', additionalProperties: false },
);
export type DetailAnswer = Static<typeof DetailAnswer>;

export const AxisValue = Type.Object(
  {
    value: Scalar,
    label: Type.String(),
    swatch: Type.Optional(Type.String()),
    image: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);

export const VariantAxis = Type.Object(
  {
    code: Type.String({ description: 'The attribute the variants differ by.' }),
    label: Type.String(),
    values: Type.Array(AxisValue, {
      description: "The values the channel's variants offer, in the attribute's value order.",
    }),
  },
  { additionalProperties: false },
);

export const VariantAnswer = Type.Object(
  {
    id: Type.String(),
    title: Type.Optional(Type.String()),
    url: Type.Optional(Type.String()),
    image: Type.Optional(Type.String()),
    images: Type.Optional(Type.Array(Type.String())),
    choices: Type.Record(Type.String(), Scalar, {
      description: 'Its value of each axis, by attribute code.',
    }),
    details: Type.Optional(
      Type.Array(Type.Ref(DetailAnswer), { description: 'Its variant-level details besides the axes.' }),
    ),
    offer: Type.Ref(OfferAnswer),
  },
  { additionalProperties: false },
);

export const ProductAnswer = Type.Object(
  {
    release: Type.String(),
    snapshot: Type.String(),
    entity: EntityRef,
    id: Type.String(),
    channel: Type.String(),
    locale: Type.String({ description: 'The locale the texts are in.' }),
    title: Type.Optional(Type.String()),
    description: Type.Optional(Type.String()),
    url: Type.Optional(Type.String({ description: "The product's page in the locale." })),
    image: Type.Optional(Type.String({ description: 'The main photo.' })),
    images: Type.Optional(Type.Array(Type.String(), { description: 'Every photo, the main one first.' })),
    brand: Type.Optional(
      Type.Object(
        {
          id: Type.Optional(Type.String({ description: 'The brand entity, where the catalog has one.' })),
          name: Type.String(),
          url: Type.Optional(Type.String({ description: "The brand's page in the locale." })),
          logo: Type.Optional(Type.String()),
        },
        { additionalProperties: false },
      ),
    ),
    categories: Type.Array(ProductCategory, {
      description: 'The categories it is assigned to in the channel, the primary one first.',
    }),
    details: Type.Array(Type.Ref(DetailAnswer), {
      description:
        'The product-level details it carries, in the order of attributes.json, labelled in the locale.',
    }),
    axes: Type.Optional(
      Type.Array(VariantAxis, { description: 'What its variants differ by, in `varies_by` order.' }),
    ),
    variants: Type.Optional(
      Type.Array(VariantAnswer, { description: 'The variants the channel sells, in catalog order.' }),
    ),
    offer: Type.Ref(OfferAnswer, {
      description:
        "The offer its tile shows: of the variants the channel sells, the cheapest one's (the sale price within its window).",
    }),
    variant: Type.Optional(
      Type.String({ description: 'The variant the offer is of, or the one a variant URL named.' }),
    ),
    trace: Type.Optional(
      Type.Array(Type.Ref(PageStep), {
        description: 'With `debug`: how the product was found and its offer chosen.',
      }),
    ),
  },
  { $id: 'ProductAnswer', additionalProperties: false },
);
export type ProductAnswer = Static<typeof ProductAnswer>;

// ---------------------------------------------------------------------------------------------
// Page answer (resolve)

export const ResolveQuery = Type.Object(
  {
    url: Type.String({
      minLength: 1,
      maxLength: 4096,
      description: 'A path with its query string, or a whole URL whose scheme and host are ignored.',
    }),
    channel: Type.Optional(Type.String({ minLength: 1 })),
    locale: Type.Optional(Type.String({ minLength: 1 })),
    results: Type.Optional(QueryBoolean),
    per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
    debug: Type.Optional(QueryBoolean),
    page_view: Type.Optional(Type.String({ maxLength: 128 })),
    traffic: Type.Optional(Traffic),
  },
  { additionalProperties: false },
);
export type ResolveQuery = Static<typeof ResolveQuery>;

export const PageKind = Type.Union(
  [
    Type.Literal('search_page'),
    Type.Literal('category_page'),
    Type.Literal('brand_page'),
    Type.Literal('product'),
    Type.Literal('redirect'),
    Type.Literal('gone'),
    Type.Literal('not_found'),
  ],
  {
    description:
      'What the URL is: a listing (search, category or brand page), a product, a redirect, a page gone on purpose, or nothing.',
  },
);

export const Robots = Type.Union([Type.Literal('index, follow'), Type.Literal('noindex, follow')], {
  description: "What the page's robots meta tag says.",
});

export const FilterPage = Type.Object(
  {
    fields: Type.Array(Type.String(), {
      description: 'The fields the URL filters by, in the order written.',
    }),
    indexable: Type.Boolean({
      description:
        'One value each of a combination routes.json lists and the category chooses: a page of its own.',
    }),
    reason: Type.String({ description: 'Why it is or is not indexable.' }),
  },
  { additionalProperties: false },
);

export const PageListing = Type.Object(
  {
    request: Type.Ref(SearchRequest, {
      description:
        'The search the page runs, as POST /v1/search takes it: send it again to page, sort or count other facets.',
    }),
    filter_page: Type.Optional(FilterPage),
    results: Type.Optional(
      Type.Ref(SearchResponse, { description: 'The search answered; absent with `results=false`.' }),
    ),
  },
  { additionalProperties: false },
);

export const PageRedirect = Type.Object(
  {
    url: Type.String({ description: 'The final URL: a path, or an https URL elsewhere.' }),
    entity: Type.Optional(EntityRef),
    chain: Type.Array(Type.String(), {
      description: 'Every URL passed through, the one asked for first; the final one last.',
    }),
    reason: Type.String({ description: 'Why it moves, in a sentence.' }),
  },
  { additionalProperties: false },
);

export const PageAnswer = Type.Object(
  {
    release: Type.String(),
    snapshot: Type.String(),
    url: Type.String({ description: 'The URL as resolved: normalized, without tracking parameters.' }),
    channel: Type.String(),
    locale: Type.String(),
    kind: PageKind,
    status: Type.Union([Type.Literal(200), Type.Literal(301), Type.Literal(404), Type.Literal(410)], {
      description: 'The HTTP status the storefront answers the page with.',
    }),
    robots: Robots,
    canonical: Type.Optional(
      Type.String({
        description:
          'The URL search engines should index for this page (path and query); absent for a redirect, gone or not found.',
      }),
    ),
    entity: Type.Optional(EntityRef),
    title: Type.Optional(Type.String({ description: "The page's title in the locale." })),
    listing: Type.Optional(PageListing),
    product: Type.Optional(
      Type.Object(
        {
          id: Type.String(),
          variant: Type.Optional(Type.String({ description: 'The variant its URL names.' })),
          answer: Type.Optional(
            Type.Ref(ProductAnswer, { description: 'The product answer; absent with `results=false`.' }),
          ),
        },
        { additionalProperties: false },
      ),
    ),
    redirect: Type.Optional(PageRedirect),
    trace: Type.Optional(
      Type.Array(Type.Ref(PageStep), {
        description: 'With `debug`: each step of the decision and what it found.',
      }),
    ),
  },
  { $id: 'PageAnswer', additionalProperties: false },
);
export type PageAnswer = Static<typeof PageAnswer>;

// ---------------------------------------------------------------------------------------------
// Robots answer

export const RobotsLine = Type.Object(
  {
    line: Type.String({ description: 'The line as robots.txt writes it: `Disallow: /*?sort=`.' }),
    reason: Type.Union(
      [Type.Literal('parameter'), Type.Literal('second_parameter'), Type.Literal('search_page')],
      {
        description:
          '`parameter`: a parameter no indexable page uses; `second_parameter`: any URL with a second parameter; `search_page`: the search page of a locale.',
      },
    ),
    parameter: Type.Optional(Type.String()),
    locales: Type.Optional(
      Type.Array(Type.String(), { description: 'The locales whose search page it is.' }),
    ),
  },
  { additionalProperties: false },
);

export const RobotsAnswer = Type.Object(
  {
    release: Type.String(),
    snapshot: Type.String(),
    lines: Type.Array(RobotsLine, {
      description: 'The `Disallow` lines for the shop’s robots.txt, in order.',
    }),
    text: Type.String({ description: 'The same lines as one block of text, to paste under a `User-agent`.' }),
  },
  { $id: 'RobotsAnswer', additionalProperties: false },
);
export type RobotsAnswer = Static<typeof RobotsAnswer>;

// ---------------------------------------------------------------------------------------------
// Category tree

export const CategoryNodeAnswer = Type.Object(
  {
    category: Type.String({ description: 'The category id.' }),
    parent: Type.Optional(Type.String({ description: 'Absent for a root.' })),
    titles: Type.Record(Type.String(), Type.String(), {
      description: 'Its title in each locale the channels serve (its id where the catalog gives none).',
    }),
    paths: Type.Optional(
      Type.Record(Type.String(), Type.String(), { description: "Its page's path in each locale." }),
    ),
    channels: Type.Array(Type.String(), { description: 'The channels it exists in.' }),
    lists: Type.String({ description: 'The entity type its page lists.' }),
    count: Type.Integer({
      minimum: 0,
      description: 'Entities of that type in it or below it, smart categories included.',
    }),
  },
  { additionalProperties: false },
);

export const CategoryTree = Type.Object(
  {
    release: Type.String(),
    snapshot: Type.String(),
    categories: Type.Array(CategoryNodeAnswer, {
      description: 'Every category of the live catalog, in catalog order; a parent need not come first.',
    }),
  },
  { $id: 'CategoryTree', additionalProperties: false },
);
export type CategoryTree = Static<typeof CategoryTree>;

// ---------------------------------------------------------------------------------------------
// Page settings

export const SettingOrigin = Type.Object(
  {
    from: Type.Union(
      [Type.Literal('page'), Type.Literal('category'), Type.Literal('default'), Type.Literal('built_in')],
      {
        description:
          "`page`: the page's own category node; `category`: a node up the tree (`category`, `title`); `default`: categories.json's default; `built_in`: the release says nothing.",
      },
    ),
    category: Type.Optional(Type.String()),
    title: Type.Optional(Type.String({ description: "The category's title in the locale." })),
    derived: Type.Optional(Type.Literal(true, { description: 'Not written: aisle derived it.' })),
    reason: Type.Optional(Type.String({ description: 'Why, where derived.' })),
  },
  { $id: 'SettingOrigin', additionalProperties: false },
);
export type SettingOrigin = Static<typeof SettingOrigin>;

export const PageSettingsRequest = Type.Object(
  {
    category: Type.Optional(
      Type.String({ minLength: 1, description: 'The category page; default the search page.' }),
    ),
    channel: Type.Optional(Type.String({ minLength: 1 })),
    locale: Type.Optional(Type.String({ minLength: 1 })),
    files: Type.Optional(
      Type.Record(Type.String(), Type.Unknown(), {
        description:
          'Release files by name read over the live release (`null` drops one), so a draft’s page is seen before publishing.',
      }),
    ),
  },
  { $id: 'PageSettingsRequest', additionalProperties: false },
);
export type PageSettingsRequest = Static<typeof PageSettingsRequest>;

export const PageSettingsAnswer = Type.Object(
  {
    release: Type.String({
      description: 'The live release the settings are read from (with `files` over it).',
    }),
    snapshot: Type.String(),
    draft: Type.Optional(
      Type.Literal(true, { description: 'Draft `files` were read over the live release.' }),
    ),
    channel: Type.String(),
    locale: Type.String(),
    category: Type.Optional(Type.String({ description: 'Absent for the search page.' })),
    title: Type.Optional(
      Type.String({
        description:
          "The page's title in the locale: the category's, or routes.json's title of the search page.",
      }),
    ),
    address: Type.Optional(Type.String({ description: "The page's path in the locale." })),
    lists: Type.String({ description: 'The entity type the page lists.' }),
    facets: Type.Array(
      Type.Object(
        {
          field: Type.String(),
          label: Type.String(),
          kind: Type.String(),
          natural_kind: Type.String({ description: "The field's natural kind." }),
          written: FacetEntry,
          group: Type.Optional(Type.String({ description: 'The group it is drawn in.' })),
          counted: Type.Boolean({
            description:
              'Counted when the page opens (the first `counted_facets`, a group whole); else deferred.',
          }),
          from: Type.Ref(SettingOrigin),
        },
        { additionalProperties: false },
      ),
      { description: 'In display order: a group’s facets together where its first one stands.' },
    ),
    groups: Type.Array(
      Type.Object(
        {
          group: Type.String(),
          label: Type.String(),
          facets: Type.Array(Type.String()),
          display: Type.Optional(Type.Literal('finder')),
          drawn: Type.Boolean({ description: 'The page lists two of its facets or more, so it is drawn.' }),
          from: Type.Ref(SettingOrigin),
        },
        { additionalProperties: false },
      ),
    ),
    sort: Type.Object(
      { code: Type.String(), label: Type.String(), from: Type.Ref(SettingOrigin) },
      { additionalProperties: false, description: 'The sort the page starts in without words.' },
    ),
    sorts: Type.Array(
      Type.Object(
        { code: Type.String(), label: Type.String(), from: Type.Ref(SettingOrigin) },
        { additionalProperties: false },
      ),
      { description: 'The orders the page offers, in display order; empty where it offers no choice.' },
    ),
    filter_pages: Type.Object(
      {
        combinations: Type.Array(Type.Array(Type.String()), {
          description:
            'The field combinations whose filtered listings of this page search engines may index.',
        }),
        from: Type.Ref(SettingOrigin, {
          description:
            '`page` or `category`: the node that chose them; `default`: every combination routes.json lists.',
        }),
      },
      { additionalProperties: false },
    ),
  },
  { $id: 'PageSettingsAnswer', additionalProperties: false },
);
export type PageSettingsAnswer = Static<typeof PageSettingsAnswer>;
