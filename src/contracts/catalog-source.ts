import { type Static, Type } from '@sinclair/typebox';
import { Timestamp } from './common.js';

const FeedUrl = Type.String({
  minLength: 1,
  maxLength: 2048,
  description:
    'The feed’s `http` or `https` URL, without user or password in it. A URL, or a redirect, that reaches a private, loopback or link-local address is refused when fetched, unless the stack allows it (AISLE_ALLOW_PRIVATE_FEEDS).',
});

const HeaderName = Type.String({
  minLength: 1,
  maxLength: 100,
  pattern: '^[A-Za-z0-9-]+$',
  description: 'The header’s name: letters, digits, hyphens.',
});

/** How the fetch signs in, as set: secrets are written, never answered. */
export const CatalogSourceAuthenticationBody = Type.Union(
  [
    Type.Object(
      {
        kind: Type.Literal('basic'),
        username: Type.String({ minLength: 1, maxLength: 200 }),
        password: Type.String({ minLength: 1, maxLength: 1000 }),
      },
      { additionalProperties: false },
    ),
    Type.Object(
      {
        kind: Type.Literal('header'),
        name: HeaderName,
        value: Type.String({ minLength: 1, maxLength: 4000 }),
      },
      { additionalProperties: false },
    ),
    Type.Null(),
  ],
  {
    description:
      'HTTP basic authentication, or a header sent with every fetch. Kept encrypted, sent only to the feed’s own origin (never after a redirect to another), never answered. Left out keeps the kept ones; `null` removes them.',
  },
);

export const PutCatalogSourceBody = Type.Object(
  {
    url: FeedUrl,
    interval_minutes: Type.Optional(
      Type.Integer({ minimum: 5, maximum: 1440, default: 60, description: 'How often the feed is fetched.' }),
    ),
    on_change: Type.Optional(
      Type.Union([Type.Literal('publish'), Type.Literal('draft')], {
        default: 'publish',
        description:
          '`publish`: a changed feed goes live as publishing its import would, unless it would remove half the live products or more (then it waits as a draft to confirm); `draft`: it waits as a draft import.',
      }),
    ),
    authentication: Type.Optional(CatalogSourceAuthenticationBody),
  },
  { $id: 'PutCatalogSourceBody', additionalProperties: false },
);
export type PutCatalogSourceBody = Static<typeof PutCatalogSourceBody>;

export const CatalogFetch = Type.Object(
  {
    started_at: Timestamp,
    finished_at: Timestamp,
    outcome: Type.Union(
      [
        Type.Literal('published'),
        Type.Literal('drafted'),
        Type.Literal('held'),
        Type.Literal('unchanged'),
        Type.Literal('failed'),
      ],
      {
        description:
          '`published`: the feed changed and its import was published (an index run queued); `drafted`: it changed and waits as a draft import; `held`: it changed but would remove half the live products or more, so it waits as a draft to confirm; `unchanged`: the feed answered that it did not change, or the same bytes as the last fetch, and nothing was queued; `failed`: see `reason`.',
      },
    ),
    reason: Type.String({ description: 'How the fetch ended and why, as a sentence.' }),
    url: Type.String({ description: 'The URL fetched.' }),
    http_status: Type.Optional(Type.Integer({ description: 'The feed’s last answer.' })),
    bytes: Type.Optional(Type.Integer({ minimum: 0, description: 'Bytes the feed sent.' })),
    snapshot: Type.Optional(Type.String({ description: 'The snapshot keeping what it sent.' })),
    import: Type.Optional(Type.Integer({ minimum: 1, description: 'The import it made.' })),
    run: Type.Optional(Type.Integer({ minimum: 1, description: 'The index run it queued.' })),
  },
  { $id: 'CatalogFetch', additionalProperties: false },
);

export const CatalogSource = Type.Object(
  {
    url: Type.String(),
    authentication: Type.Optional(
      Type.Union(
        [
          Type.Object(
            { kind: Type.Literal('basic'), username: Type.String() },
            { additionalProperties: false },
          ),
          Type.Object({ kind: Type.Literal('header'), name: Type.String() }, { additionalProperties: false }),
        ],
        { description: 'How the fetch signs in; the secret is never shown. Absent when none.' },
      ),
    ),
    interval_minutes: Type.Integer({ minimum: 5, maximum: 1440 }),
    on_change: Type.Union([Type.Literal('publish'), Type.Literal('draft')]),
    next_fetch_at: Type.String({
      format: 'date-time',
      description: 'At once after a fetch was asked for, otherwise one interval after the last one started.',
    }),
    fetch_requested_at: Type.Optional(
      Type.String({ format: 'date-time', description: 'A fetch was asked for that has not started.' }),
    ),
    needs_attention: Type.Optional(
      Type.Boolean({
        description:
          'Set while the latest changed feed is held back (see `held_import`) or the last three fetches failed; absent otherwise.',
      }),
    ),
    held_import: Type.Optional(
      Type.Integer({ minimum: 1, description: 'The draft import of a changed feed held back to confirm.' }),
    ),
    fetches: Type.Array(Type.Ref(CatalogFetch), { description: 'The last ten fetches, newest first.' }),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { $id: 'CatalogSource', additionalProperties: false },
);
export type CatalogSource = Static<typeof CatalogSource>;
