import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SHOP, writeCatalogJsonl } from '../../src/catalog/demo/index.js';
import { saleWindow } from '../../src/catalog/demo/season.js';
import { fixedClock } from '../../src/lib/clock.js';
import { startDemoStack } from '../support/demo.js';
import type { Answer } from '../support/http.js';
import { getImport, sendExport } from '../support/imports.js';
import type { TestStack } from '../support/stack.js';

/**
 * Rules through the management API on the demo shop: the live list with states, conflicts and
 * entities, and a draft's rules written one at a time on its version.
 */

/** The day the demo is loaded: its seasonal sale runs from a week before to three weeks after. */
const LOAD_DAY = new Date('2025-06-10T09:00:00Z');
const SALE = saleWindow(LOAD_DAY);

let stack: TestStack;
beforeAll(async () => {
  stack = await startDemoStack({ clock: fixedClock(LOAD_DAY) });
}, 120_000);
afterAll(async () => stack.close());

const byId = (list: Answer): Record<string, Answer> =>
  Object.fromEntries(list.rules.map((rule: Answer) => [rule.id, rule]));
const ids = (list: Answer) => list.rules.map((rule: Answer) => rule.id);

/** A new draft over the demo release, of the demo catalog. */
function newDraft(): Promise<Answer> {
  return sendExport(stack, writeCatalogJsonl(DEMO_SHOP), 'shop.jsonl');
}

const JUNE = encodeURIComponent('2025-06-15T12:00:00+02:00');
const MAY = encodeURIComponent('2025-05-01T12:00:00+02:00');
const JULY = encodeURIComponent('2025-07-15T12:00:00+02:00');

async function draftRules(id: number, query = ''): Promise<Answer> {
  const response = await stack.manage('GET', `/imports/${id}/rules${query}`);
  expect(response.status).toBe(200);
  return response.json();
}

describe('GET /api/v1/rules', () => {
  it('lists the live rules in precedence order with place, name, summary, surfaces, state and editor fields', async () => {
    const response = await stack.manage('GET', '/rules');
    expect(response.status).toBe(200);
    const list = await response.json();
    const live = await (await stack.manage('GET', '/live')).json();
    expect(list).toMatchObject({
      release: live.release,
      channel: 'web',
      locale: 'en',
      time: expect.any(String),
    });
    expect(list.rules.map((rule: Answer) => [rule.position, rule.id])).toEqual([
      [1, 'redirect-returns'],
      [2, 'resolve-ambiguous-terms'],
      [3, 'rewrite-cheap'],
      [4, 'hide-recalled'],
      [5, 'filter-vegan'],
      [6, 'pin-headphones'],
      [7, 'tv-partner-brand'],
      [8, 'seasonal-sale'],
      [9, 'autocomplete-sections'],
      [10, 'black-friday'],
    ]);
    const rules = byId(list);
    expect(rules['redirect-returns']).toEqual({
      id: 'redirect-returns',
      position: 1,
      name: 'Shoppers asking about returns go to the returns help page.',
      summary:
        'Sends the shopper to /help/returns when the query is “returns”, “return policy”, “refund” or “retoure” on the search page.',
      enabled: true,
      surfaces: ['search'],
      state: 'active',
      conflicts: [],
      entities: [],
      fields: {
        description: 'Shoppers asking about returns go to the returns help page.',
        enabled: true,
        surfaces: ['search'],
        query_match: 'is',
        query_words: ['returns', 'return policy', 'refund', 'retoure'],
        redirect_url: '/help/returns',
      },
    });
    // Surfaces: those the condition names, else the category page for a category, else every one.
    expect(rules['pin-headphones']!.surfaces).toEqual(['category_page']);
    expect(rules['tv-partner-brand']!.surfaces).toEqual(['search', 'category_page']);
    expect(rules['hide-recalled']!.surfaces).toEqual(['search', 'category_page', 'autocomplete']);
    // The editor fields express common rules whole, and no others.
    expect(rules['tv-partner-brand']!.fields).toBeUndefined();
    expect(rules['seasonal-sale']!.fields).toBeUndefined();
    expect(rules['hide-recalled']!.fields).toMatchObject({ hide: ['product:P100233'] });
    expect(rules['autocomplete-sections']!.summary).toBe(
      'Shows the sections category, brand and product first while typing.',
    );
  });

  it('names the entities a rule acts on with title and first photo, and the category grid of the highest pin-only rule', async () => {
    const rules = byId(await (await stack.manage('GET', '/rules')).json());
    const pins = rules['pin-headphones']!;
    expect(pins.entities).toEqual([
      {
        entity: 'product:P100137',
        title: 'Zephyr Over-Ear Headphones KP4050 Plus Graphite',
        image:
          'https://images.example.com/products/zephyr-over-ear-headphones-kp4050-plus-graphite-p100137.jpg',
      },
      {
        entity: 'product:P100201',
        title: 'Lumatek On-Ear Headphones ES2250 Black',
        image: 'https://images.example.com/products/lumatek-on-ear-headphones-es2250-black-p100201.jpg',
      },
      {
        entity: 'product:P101051',
        title: 'Sonora Wireless Earbuds TD-4400R Sand',
        image: 'https://images.example.com/products/sonora-wireless-earbuds-td-4400r-sand-p101051.jpg',
      },
    ]);
    expect(pins.summary).toBe(
      'Pins Zephyr Over-Ear Headphones KP4050 Plus Graphite (product:P100137) at 1, Lumatek On-Ear Headphones ES2250 Black (product:P100201) at 2 and Sonora Wireless Earbuds TD-4400R Sand (product:P101051) at 4 (sponsored by sonora-earbuds-2025) on the page of Headphones.',
    );
    expect(pins.grid_of).toBe('headphones');
    expect(Object.values(rules).filter((rule) => rule.grid_of !== undefined)).toHaveLength(1);
  });

  it('reads states at the time asked: scheduled, active with its end, ended, disabled', async () => {
    const at = async (time: string) => byId(await (await stack.manage('GET', `/rules?time=${time}`)).json());
    expect((await at(MAY))['seasonal-sale']).toMatchObject({
      state: 'scheduled',
      starts_at: SALE.from.toISOString(),
    });
    expect((await at(JUNE))['seasonal-sale']).toMatchObject({
      state: 'active',
      ends_at: SALE.until.toISOString(),
    });
    expect((await at(JULY))['seasonal-sale']!.state).toBe('ended');
    const now = byId(await (await stack.manage('GET', '/rules')).json());
    expect(now['seasonal-sale']!.state).toBe('active');
    expect(now['black-friday']).toMatchObject({ state: 'disabled', enabled: false });
  });

  it('reads titles in the locale asked, and answers 400 for a channel, locale or time it cannot answer', async () => {
    const german = await (await stack.manage('GET', '/rules?locale=de')).json();
    expect(german.locale).toBe('de');
    for (const [query, pointer] of [
      ['channel=shop', '/channel'],
      ['locale=fr', '/locale'],
      ['time=yesterday', '/time'],
    ] as const) {
      const response = await stack.manage('GET', `/rules?${query}`);
      expect(response.status, query).toBe(400);
      expect((await response.json()).violations[0].pointer).toBe(pointer);
    }
  });

  it('answers 401 without the key', async () => {
    const response = await fetch(`${stack.urls.management}/api/v1/rules`);
    expect(response.status).toBe(401);
  });
});

describe('a draft’s rules', () => {
  let draft: Answer;
  beforeAll(async () => {
    draft = await newDraft();
  });

  it('lists the published rules with the draft’s version while it changes none', async () => {
    const list = await draftRules(draft.id);
    expect(list.version).toBe(draft.version);
    expect(list.rule).toBeUndefined();
    expect(ids(list)).toEqual(ids(await (await stack.manage('GET', '/rules')).json()));
  });

  it('names every conflict kind, only between rules that can match one request', async () => {
    const tv = await (await stack.search({ on: 'category_page', category: 'televisions' })).json();
    const television = tv.sections.find((section: Answer) => section.type === 'product').hits[0].entity;
    let version = draft.version;
    const add = async (body: Record<string, unknown>) => {
      const response = await stack.manage('POST', `/imports/${draft.id}/rules`, { version, ...body });
      const answer = await response.json();
      expect(response.status, JSON.stringify(answer)).toBe(201);
      expect(answer.version).not.toBe(version);
      version = answer.version;
      return answer;
    };
    const fields = (description: string, more: Record<string, unknown>) => ({
      fields: { description, enabled: true, ...more },
    });
    await add({
      id: 'returns-faq',
      ...fields('Questions about returns go to the FAQ.', {
        surfaces: ['search'],
        query_match: 'contains',
        query_words: ['returns'],
        redirect_url: '/faq/returns',
      }),
    });
    await add({
      id: 'returns-while-typing',
      ...fields('Typing "returns" goes to the help page.', {
        surfaces: ['autocomplete'],
        query_match: 'is',
        query_words: ['returns'],
        redirect_url: '/help/returns',
      }),
    });
    await add({
      id: 'more-headphones-pins',
      ...fields('More headphones up front.', {
        surfaces: ['category_page'],
        category: 'headphones',
        pins: [
          { entity: 'product:P100137', position: 3 },
          { entity: 'product:P100005', position: 2 },
        ],
      }),
    });
    await add({
      id: 'tv-page-pin',
      ...fields('Our TV of the week first.', {
        surfaces: ['category_page'],
        category: 'televisions',
        pins: [{ entity: television, position: 1 }],
      }),
    });
    await add({
      rule: {
        id: 'delivery-card',
        description: 'A card about delivery among the tiles.',
        then: { place: [{ slot: 'grid', position: 7, kind: 'card', title: 'Delivered in two days' }] },
      },
    });
    await add({
      rule: {
        id: 'sonora-on-search',
        description: 'Sonora up on every search.',
        when: { on: 'search' },
        then: { boost: [{ where: { brand: 'Sonora' }, strength: 'strong' }] },
      },
    });
    await add({
      id: 'hide-lumatek',
      ...fields('Lumatek ES2250 is out of stock for good.', { hide: ['product:P100201'] }),
    });
    const last = await add({
      id: 'kettle-page-pin',
      ...fields('The Terrazo kettle first on the kettles page.', {
        category: 'kettles',
        pins: [{ entity: 'product:P100233', position: 1 }],
      }),
    });
    expect(last.rule).toBe('kettle-page-pin');

    const june = byId(await draftRules(draft.id, `?time=${JUNE}`));
    const conflicts = (id: string) =>
      june[id]!.conflicts.map(({ message, ...conflict }: Answer) => {
        expect(message).toEqual(expect.any(String));
        return conflict;
      });
    expect(conflicts('returns-faq')).toEqual([{ kind: 'redirect', rule: 'redirect-returns' }]);
    expect(june['returns-faq']!.conflicts[0].message).toBe(
      'Rule redirect-returns redirects first where both match, so this redirect sends no shopper there.',
    );
    expect(conflicts('returns-while-typing')).toEqual([]);
    expect(conflicts('more-headphones-pins')).toEqual([
      { kind: 'pinned_entity', rule: 'pin-headphones', entity: 'product:P100137' },
      { kind: 'pinned_position', rule: 'pin-headphones', position: 2 },
    ]);
    expect(conflicts('tv-page-pin')).toEqual([]);
    expect(conflicts('delivery-card')).toEqual([
      { kind: 'placement_position', rule: 'seasonal-sale', position: 7 },
    ]);
    expect(conflicts('sonora-on-search')).toEqual([
      { kind: 'weighted_target', rule: 'tv-partner-brand', where: { brand: 'Sonora' } },
    ]);
    // A hide counts wherever it stands: the lower hide takes a pin of the higher rule.
    expect(conflicts('pin-headphones')).toEqual([
      { kind: 'hidden', rule: 'hide-lumatek', entity: 'product:P100201' },
    ]);
    expect(conflicts('kettle-page-pin')).toEqual([
      { kind: 'hidden', rule: 'hide-recalled', entity: 'product:P100233' },
    ]);
    expect(june['kettle-page-pin']!.conflicts[0].message).toBe(
      'Rule hide-recalled hides Terrazo Electric Kettle RC-9200F 0.8 l Navy (product:P100233), so this rule cannot pin it.',
    );

    // Once the sale has ended, its placement takes nothing: the two never stand in one request.
    const after = byId(await draftRules(draft.id, `?time=${JULY}`));
    expect(after['delivery-card']!.conflicts).toEqual([]);
    const now = byId(await draftRules(draft.id));
    // The highest pin-only rule of a category page lays out its grid; a lower one does not.
    expect(now['pin-headphones']!.grid_of).toBe('headphones');
    expect(now['more-headphones-pins']!.grid_of).toBeUndefined();
    expect(now['tv-page-pin']!.grid_of).toBe('televisions');
  });

  it('lists a rule acting only on entities the catalog does not hold as dormant, each entity marked gone', async () => {
    const other = await newDraft();
    const response = await stack.manage('POST', `/imports/${other.id}/rules`, {
      version: other.version,
      id: 'discontinued-pins',
      fields: {
        description: 'Pins of products the feed dropped.',
        enabled: true,
        category: 'headphones',
        pins: [{ entity: 'product:P999998', position: 1 }],
      },
      position: 1,
    });
    expect(response.status).toBe(201);
    const list = await response.json();
    expect(list.rules[0]).toMatchObject({
      id: 'discontinued-pins',
      position: 1,
      state: 'dormant',
      entities: [{ entity: 'product:P999998', gone: true }],
      warnings: [
        {
          file: 'rules.json',
          pointer: '/rules/0/then/pin/0/entity',
          message: expect.stringContaining('The catalog holds no "product:P999998"'),
        },
      ],
    });
    expect(list.rules[1]).toMatchObject({ id: 'redirect-returns', position: 2 });
  });
});

describe('writing one rule of a draft', () => {
  let draft: Answer;
  beforeAll(async () => {
    draft = await newDraft();
  });

  it('changes a rule by the editor fields, a field cleared by null; the summary follows', async () => {
    const response = await stack.manage('PATCH', `/imports/${draft.id}/rules/redirect-returns`, {
      version: draft.version,
      fields: { query_words: ['returns', 'refund'], surfaces: null },
    });
    expect(response.status).toBe(200);
    const answer = await response.json();
    expect(answer.rule).toBe('redirect-returns');
    expect(answer.version).not.toBe(draft.version);
    const rule = byId(answer)['redirect-returns']!;
    expect(rule.fields).toEqual({
      description: 'Shoppers asking about returns go to the returns help page.',
      enabled: true,
      query_match: 'is',
      query_words: ['returns', 'refund'],
      redirect_url: '/help/returns',
    });
    expect(rule.summary).toBe('Sends the shopper to /help/returns when the query is “returns” or “refund”.');
    expect(rule.surfaces).toEqual(['search', 'category_page', 'autocomplete']);
    const files = (await getImport(stack, draft.id)).files;
    expect(files['rules.json'].rules[0]).toEqual({
      id: 'redirect-returns',
      description: 'Shoppers asking about returns go to the returns help page.',
      when: { query: { is: ['returns', 'refund'] } },
      then: { redirect: { url: '/help/returns' } },
    });
    draft.version = answer.version;
  });

  it('changes a rule the fields express by its fields, and refuses 422 any change of fields to a rule they cannot express', async () => {
    const changed = await stack.manage('PATCH', `/imports/${draft.id}/rules/hide-recalled`, {
      version: draft.version,
      fields: { description: 'The recalled kettle stays off every page.', starts_at: '2025-01-01T00:00:00Z' },
    });
    expect(changed.status).toBe(200);
    const answer = await changed.json();
    expect(byId(answer)['hide-recalled']).toMatchObject({
      name: 'The recalled kettle stays off every page.',
      fields: { starts_at: '2025-01-01T00:00:00Z', hide: ['product:P100233'] },
    });
    draft.version = answer.version;

    // A rule with boosts under an `any` condition, a sale rule with placements, a teaser with a
    // banner: not one field changes them, be it their description, switch or dates.
    for (const [rule, fields] of [
      ['tv-partner-brand', { surfaces: ['search'], enabled: false }],
      ['tv-partner-brand', { description: 'Partner TVs first.' }],
      ['seasonal-sale', { ends_at: '2025-09-01T00:00:00+02:00' }],
      ['black-friday', { enabled: true }],
    ] as const) {
      const refused = await stack.manage('PATCH', `/imports/${draft.id}/rules/${rule}`, {
        version: draft.version,
        fields,
      });
      expect(refused.status, rule).toBe(422);
      const problem = await refused.json();
      expect(problem.code).toBe('rule_not_expressible');
      expect(problem.violations).toEqual(
        Object.keys(fields).map((name) => ({
          pointer: `/fields/${name}`,
          message: expect.stringContaining(rule),
        })),
      );
    }
    expect((await getImport(stack, draft.id)).version).toBe(draft.version);
  });

  it('replaces a rule whole, its id too, unless tests.json names it', async () => {
    const added = await stack.manage('POST', `/imports/${draft.id}/rules`, {
      version: draft.version,
      rule: {
        id: 'rewrite-sale',
        description: 'Drops "sale": reduced items are boosted anyway.',
        when: { query: { contains: 'sale' } },
        then: { rewrite: { remove: ['sale'] } },
      },
      position: 3,
    });
    expect(added.status).toBe(201);
    const response = await stack.manage('PATCH', `/imports/${draft.id}/rules/rewrite-sale`, {
      version: (await added.json()).version,
      rule: {
        id: 'rewrite-sale-words',
        description: 'Drops "sale" and "angebot".',
        when: { query: { contains: ['sale', 'angebot'] } },
        then: { rewrite: { remove: ['sale', 'angebot'] } },
      },
    });
    expect(response.status).toBe(200);
    const answer = await response.json();
    expect(answer.rule).toBe('rewrite-sale-words');
    expect(ids(answer)[2]).toBe('rewrite-sale-words');
    draft.version = answer.version;

    // tests.json expects rewrite-cheap to apply: renaming it would break the release.
    const named = await stack.manage('PATCH', `/imports/${draft.id}/rules/rewrite-cheap`, {
      version: draft.version,
      rule: {
        id: 'rewrite-cheap-words',
        description: 'Drops "cheap".',
        then: { rewrite: { remove: ['cheap'] } },
      },
    });
    expect(named.status).toBe(422);
    expect((await named.json()).violations).toContainEqual(
      expect.objectContaining({ file: 'tests.json', message: expect.stringContaining('rewrite-cheap') }),
    );
  });

  it('moves a rule, the rules between shifting by one, and past the end puts it last', async () => {
    const first = await stack.manage('PUT', `/imports/${draft.id}/rules/black-friday/position`, {
      version: draft.version,
      position: 1,
    });
    expect(first.status).toBe(200);
    const moved = await first.json();
    expect(moved.rule).toBe('black-friday');
    expect(ids(moved).slice(0, 3)).toEqual(['black-friday', 'redirect-returns', 'resolve-ambiguous-terms']);
    const last = await stack.manage('PUT', `/imports/${draft.id}/rules/black-friday/position`, {
      version: moved.version,
      position: 99,
    });
    const answer = await last.json();
    expect(ids(answer).at(-1)).toBe('black-friday');
    expect(ids(answer)[0]).toBe('redirect-returns');
    draft.version = answer.version;
  });

  it('deletes a rule; the answer names no rule', async () => {
    const response = await stack.manage(
      'DELETE',
      `/imports/${draft.id}/rules/rewrite-sale-words?version=${encodeURIComponent(draft.version)}`,
    );
    expect(response.status).toBe(200);
    const answer = await response.json();
    expect(answer.rule).toBeUndefined();
    expect(ids(answer)).not.toContain('rewrite-sale-words');
    draft.version = answer.version;
  });

  it('answers 422 with pointers for an id the draft has, fields that make no rule, or a rule with violations; 400 for fields without an id', async () => {
    const cases: Array<[Record<string, unknown>, Answer]> = [
      [
        { id: 'hide-recalled', fields: { description: 'Again.', enabled: true, hide: ['product:P100001'] } },
        [{ pointer: '/id', message: expect.stringContaining('"hide-recalled"') }],
      ],
      [
        {
          id: 'half',
          fields: {
            description: 'Half a condition.',
            enabled: true,
            query_words: ['tv'],
            remove_words: ['x'],
          },
        },
        [{ pointer: '/fields/query_words', message: expect.stringContaining('query_match') }],
      ],
      [
        {
          rule: {
            id: 'odd-sections',
            description: 'Sections of a type nobody has.',
            then: { sections: ['recipes'] },
          },
        },
        [
          {
            file: 'rules.json',
            pointer: '/rules/10/then/sections/0',
            message: expect.stringContaining('"recipes"'),
          },
        ],
      ],
    ];
    for (const [body, violations] of cases) {
      const response = await stack.manage('POST', `/imports/${draft.id}/rules`, {
        version: draft.version,
        ...body,
      });
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect((await response.json()).violations).toEqual(violations);
    }
    expect((await getImport(stack, draft.id)).version).toBe(draft.version);
    const noId = await stack.manage('POST', `/imports/${draft.id}/rules`, {
      version: draft.version,
      fields: { description: 'No id.', enabled: true, hide: ['product:P100001'] },
    });
    expect(noId.status).toBe(400);
    expect(await noId.json()).toMatchObject({
      code: 'invalid_request',
      violations: [{ pointer: '/id', message: expect.stringContaining('id') }],
    });
    expect((await getImport(stack, draft.id)).version).toBe(draft.version);
  });

  it('answers 404 for a rule or an import there is none of, and 400 for a body that is not one', async () => {
    const missing = await stack.manage('PATCH', `/imports/${draft.id}/rules/no-such-rule`, {
      version: draft.version,
      fields: { enabled: false },
    });
    expect(missing.status).toBe(404);
    expect(
      (
        await stack.manage('PUT', `/imports/${draft.id}/rules/no-such-rule/position`, {
          version: draft.version,
          position: 1,
        })
      ).status,
    ).toBe(404);
    const version = encodeURIComponent(draft.version);
    expect(
      (await stack.manage('DELETE', `/imports/${draft.id}/rules/no-such-rule?version=${version}`)).status,
    ).toBe(404);
    expect((await stack.manage('GET', '/imports/9999/rules')).status).toBe(404);
    expect(
      (
        await stack.manage('POST', '/imports/9999/rules', {
          version: 'x',
          rule: { id: 'a', description: 'A', then: { sections: ['product'] } },
        })
      ).status,
    ).toBe(404);
    for (const [body, status] of [
      [{ version: draft.version, position: 0 }, 422],
      [{ position: 1 }, 400],
    ] as const) {
      expect(
        (await stack.manage('PUT', `/imports/${draft.id}/rules/hide-recalled/position`, body)).status,
      ).toBe(status);
    }
    expect((await stack.manage('DELETE', `/imports/${draft.id}/rules/hide-recalled`)).status).toBe(400);
    expect((await stack.manage('GET', `/imports/${draft.id}/rules?channel=shop`)).status).toBe(400);
  });

  it('gives two editors writing on one version one 200 and one 409 with the draft as it is now', async () => {
    const write = (description: string) =>
      stack.manage('PATCH', `/imports/${draft.id}/rules/hide-recalled`, {
        version: draft.version,
        fields: { description },
      });
    const answers = await Promise.all([write('First editor.'), write('Second editor.')]);
    expect(answers.map((one) => one.status).sort()).toEqual([200, 409]);
    const won = await answers.find((one) => one.status === 200)!.json();
    const lost = await answers.find((one) => one.status === 409)!.json();
    expect(lost.draft.version).toBe(won.version);
    expect(
      lost.draft.files['rules.json'].rules.find((rule: Answer) => rule.id === 'hide-recalled').description,
    ).toBe(byId(won)['hide-recalled']!.name);
    draft.version = won.version;
  });

  it('never brings a version back: undoing a change makes a new version, and a write on the old one is refused', async () => {
    const before = draft.version;
    const described = async (version: string, description: string) => {
      const response = await stack.manage('PATCH', `/imports/${draft.id}/rules/hide-recalled`, {
        version,
        fields: { description },
      });
      expect(response.status).toBe(200);
      return (await response.json()).version as string;
    };
    const original = byId(await draftRules(draft.id))['hide-recalled']!.name;
    const changed = await described(before, 'Recalled kettle, hidden.');
    const undone = await described(changed, original);
    expect(new Set([before, changed, undone]).size).toBe(3);
    const onAgain = undone;
    const stale = await stack.manage('PATCH', `/imports/${draft.id}/rules/hide-recalled`, {
      version: before,
      fields: { description: 'A stale editor.' },
    });
    expect(stale.status).toBe(409);
    expect((await stale.json()).draft.version).toBe(onAgain);
    // Another import with the same files has a version of its own.
    const twin = await newDraft();
    expect(twin.version).not.toBe((await newDraft()).version);
    draft.version = onAgain;
  });

  it('answers 409 without a draft once the import was discarded', async () => {
    const gone = await newDraft();
    await stack.manage('DELETE', `/imports/${gone.id}`);
    const response = await stack.manage('POST', `/imports/${gone.id}/rules`, {
      version: gone.version,
      id: 'late',
      fields: { description: 'Too late.', enabled: true, hide: ['product:P100001'] },
    });
    expect(response.status).toBe(409);
    expect((await response.json()).draft).toBeUndefined();
  });
});
