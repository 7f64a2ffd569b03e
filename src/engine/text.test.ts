import { describe, expect, it } from 'vitest';
import type { CatalogEntity } from '../contracts/catalog-entity.js';
import {
  compileIndex,
  compileSynonyms,
  type EngineQuery,
  type EngineSettings,
  executeSearch,
  loadIndex,
  type WordPart,
} from './index.js';

function product(id: string, fields: Partial<CatalogEntity>): CatalogEntity {
  return { type: 'product', id, ...fields };
}

const electronics: CatalogEntity[] = [
  product('hp-dv7', {
    title: 'HP Pavilion dv7-1211ea Notebook Silver 43.2 cm (17") Intel Core 2 Duo 4 GB DDR2',
    brand: 'HP',
    attributes: { ean: ['0884420588030'], mpn: 'dv7-1211ea', colour: 'Silver', size: '17 inch' },
  }),
  product('kingston-16', {
    title: 'Kingston ValueRAM 16GB DDR4 2666 MHz memory module',
    brand: 'Kingston',
    attributes: { ean: ['0740617273489'], mpn: 'KVR26N19D8/16' },
  }),
  product('lenovo-16', {
    title: 'Lenovo ThinkPad E15 laptop 16 GB RAM 512 GB SSD Black',
    brand: 'Lenovo',
    attributes: { colour: 'Black' },
  }),
  product('galaxy-s10', {
    title: 'Samsung Galaxy S10 smartphone 128 GB Prism Black',
    brand: 'Samsung',
    description: 'A smartphone with a triple camera and wireless charging.',
    attributes: { colour: 'Black' },
  }),
  product('galaxy-case', {
    title: 'Samsung EF-ZG973 mobile phone case for Galaxy S10 Black',
    brand: 'Samsung',
    attributes: { colour: 'Black' },
  }),
  product('anker-usbc', {
    title: 'Anker USB-C cable 1 m Black',
    brand: 'Anker',
    attributes: { colour: 'Black' },
  }),
  product('sony-wh', {
    title: 'Sony WH-1000XM5 wireless headphones Black',
    brand: 'Sony',
    description: 'Wireless noise cancelling headphones with 30 hours of battery.',
    attributes: { colour: 'Black' },
  }),
  product('jabra-buds', {
    title: 'Jabra Elite earbuds',
    brand: 'Jabra',
    description: 'Small wireless earbuds; the case charges the headphone buds.',
    attributes: { colour: 'Blak' },
  }),
  product('logitech-mouse', {
    title: 'Logitech wireless mouse M185 Grey',
    brand: 'Logitech',
    attributes: { colour: 'Grey' },
  }),
  product('mouse-pad', {
    title: 'Mouse pad with wrist rest, wireless charging',
    brand: 'Fellowes',
    attributes: { colour: 'Black' },
  }),
  product('lg-oled', {
    title: 'LG OLED55C1 television 139 cm (55") 4K Ultra HD Smart TV',
    brand: 'LG',
    attributes: { colour: 'Black' },
  }),
  product('book', {
    title: 'The Pragmatic Programmer',
    attributes: { isbn: '978-0-13-595705-9' },
  }),
];

const settings: EngineSettings = {
  languages: ['en'],
  searchAttributes: {
    ean: 'identifier',
    mpn: 'identifier',
    isbn: 'identifier',
    colour: 'text',
    size: 'text',
  },
  search: {
    product: {
      fields: [
        { field: 'title', weight: 5 },
        { field: 'brand', weight: 3 },
        { field: 'description', weight: 1 },
        { field: 'attributes.colour', weight: 2 },
        { field: 'attributes.size', weight: 2 },
      ],
      typos: { exempt: ['colour'] },
    },
  },
};

const index = loadIndex(await compileIndex(electronics, { settings }));

function search(text: string, more: Partial<EngineQuery> = {}) {
  return executeSearch(index, { text, page: 1, perPage: 20, ...more }).sections[0]!;
}

function ids(text: string, more: Partial<EngineQuery> = {}): string[] {
  return search(text, more).hits.map((hit) => hit.entity.slice('product:'.length));
}

describe('model numbers and units', () => {
  it('finds a model number written with a hyphen, a space or nothing between its parts', () => {
    for (const text of ['dv7-1211ea', 'dv7 1211ea', 'dv71211ea', 'DV7-1211EA', 'pavilion dv71211ea']) {
      expect(ids(text), text).toEqual(['hp-dv7']);
    }
    expect(ids('wh1000xm5')).toEqual(['sony-wh']);
    expect(ids('wh 1000xm5')).toEqual(['sony-wh']);
  });

  it('finds a number with its unit written together or apart', () => {
    expect(ids('16gb').sort()).toEqual(['kingston-16', 'lenovo-16']);
    expect(ids('16 gb').sort()).toEqual(['kingston-16', 'lenovo-16']);
    expect(ids('16gb ram laptop')).toEqual(['lenovo-16']);
  });

  it('finds hyphenated words written together', () => {
    expect(ids('usbc cable')).toEqual(['anker-usbc']);
    expect(ids('usb c cable')).toEqual(['anker-usbc']);
  });

  it('joins runs of two to four glued words only', async () => {
    const runs = loadIndex(
      await compileIndex([
        product('router', { title: 'Wi-Fi 6 router' }),
        product('isbn', { title: 'Part 978-3-16 of the set' }),
        product('long', { title: 'Code 4-8-15-16-23-42' }),
      ]),
    );
    const find = (text: string) =>
      executeSearch(runs, { text, page: 1, perPage: 5 }).sections[0]!.hits.map((hit) => hit.entity);
    expect(find('wifi')).toEqual(['product:router']);
    expect(find('978316')).toEqual(['product:isbn']);
    expect(find('4815162342')).toEqual([]);
    expect(find('4 8 15 16 23 42')).toEqual(['product:long']);
  });
});

describe('identifiers', () => {
  it('match exactly after normalization', () => {
    expect(ids('0884420588030')).toEqual(['hp-dv7']);
    expect(ids('884420588030')).toEqual(['hp-dv7']);
    expect(ids('00884420588030')).toEqual(['hp-dv7']);
    expect(ids('978-0-13-595705-9')).toEqual(['book']);
    expect(ids('9780135957059')).toEqual(['book']);
    expect(ids('KVR26N19D8/16')).toEqual(['kingston-16']);
  });

  it('never match by typo or as a prefix', () => {
    expect(ids('0884420588031')).toEqual([]);
    expect(ids('9780135957058')).toEqual([]);
    expect(ids('088442058803', { prefix: true })).toEqual([]);
    expect(ids('kvr26n19d8', { prefix: true })).toEqual([]);
  });

  it('rank above a product that only mentions the same digits in its text', () => {
    const [first] = search('dv7-1211ea').hits;
    expect(first!.entity).toBe('product:hp-dv7');
  });
});

describe('typos', () => {
  it('finds words typed fast and wrong', () => {
    expect(ids('samsng galaxi')).toEqual(['galaxy-s10', 'galaxy-case']);
    expect(ids('wireles headphnoes')).toEqual(['sony-wh', 'jabra-buds']);
    expect(ids('logitehc mosue')).toEqual(['logitech-mouse']);
    expect(ids('televison')).toEqual(['lg-oled']);
  });

  it('allows one typo from five letters and two from nine, as the type says', () => {
    expect(ids('mosue')).toContain('logitech-mouse'); // 5 letters, one swap
    expect(ids('mose')).toEqual([]); // 4 letters: no typo
    expect(ids('smartphnoe')).toEqual(['galaxy-s10']); // one typo
    expect(ids('smrtphnoe')).toEqual(['galaxy-s10']); // 9 letters: two typos
    expect(ids('headpnes')).toEqual([]); // 8 letters: one typo only, this has two
  });

  it('follows the settings of the type', async () => {
    const strict = loadIndex(
      await compileIndex(electronics, {
        settings: { ...settings, search: { product: { typos: { enabled: false } } } },
      }),
    );
    expect(executeSearch(strict, { text: 'samsng', page: 1, perPage: 5 }).sections[0]!.total).toBe(0);
    const lenient = loadIndex(
      await compileIndex(electronics, {
        settings: { ...settings, search: { product: { typos: { oneTypoMinLetters: 3 } } } },
      }),
    );
    expect(executeSearch(lenient, { text: 'mose', page: 1, perPage: 5 }).sections[0]!.total).toBeGreaterThan(
      0,
    );
  });

  it('are off for numbers and model numbers', () => {
    expect(ids('1211eb')).toEqual([]);
    expect(ids('dv8-1211ea')).toEqual([]);
    expect(ids('17gb')).toEqual([]);
  });

  it('never reach an exempt attribute', () => {
    // `Blak` is the Jabra's colour as written, and exempt: only typed as is does it match.
    expect(ids('blak')).toContain('jabra-buds');
    // `blakc` is one typo from both `black` and `blak`: the titles' black matches, the exempt blak does not.
    const found = ids('blakc');
    expect(found).toContain('galaxy-s10');
    expect(found).not.toContain('jabra-buds');
  });

  it('rank below the word as typed', () => {
    // `mouse` as typed and `mousse` would be one typo; the exact word ranks first.
    const hits = search('wireless').hits;
    expect(hits.length).toBeGreaterThan(3);
    expect(search('wirelss').hits.map((hit) => hit.entity)).toEqual(hits.map((hit) => hit.entity));
    expect(search('wirelss').hits[0]!.score).toBeLessThan(hits[0]!.score);
  });
});

describe('prefix', () => {
  it('matches the last word as the start of a word when asked (as you type)', () => {
    expect(ids('samsung gal', { prefix: true })).toEqual(['galaxy-s10', 'galaxy-case']);
    expect(ids('samsung gal')).toEqual([]);
    expect(ids('logi', { prefix: true })).toEqual(['logitech-mouse']);
  });

  it('treats a last word followed by a space as complete', () => {
    expect(ids('samsung gal ', { prefix: true })).toEqual([]);
  });

  it('completes the last word only', () => {
    expect(ids('sam galaxy', { prefix: true })).toEqual([]);
  });

  it('completes the last word to what the other words meet, however rare it is in the catalog', async () => {
    // Twenty "to…" words are each more common than "topper", held by the one mattress topper.
    const common = Array.from({ length: 20 }, (_, i) => `to${String.fromCharCode(97 + i)}x`);
    const catalog: CatalogEntity[] = [
      ...common.flatMap((word) =>
        Array.from({ length: 3 }, (_, j) => product(`${word}-${j}`, { title: `${word} towel ${j}` })),
      ),
      product('topper', { title: 'Memory foam mattress topper' }),
      product('mattress', { title: 'Pocket spring mattress' }),
    ];
    const shop = loadIndex(await compileIndex(catalog));
    const found = (text: string) =>
      executeSearch(shop, { text, page: 1, perPage: 10, prefix: true }).sections[0]!.hits.map(
        (hit) => hit.entity,
      );
    expect(found('mattress to')).toEqual(['product:topper']);
    expect(found('mattress topp')).toEqual(['product:topper']);
    // Without another word, the most common completions are tried, as before.
    expect(found('to')).not.toContain('product:topper');
  });

  it('follows the type setting', async () => {
    const off = loadIndex(
      await compileIndex(electronics, {
        settings: { ...settings, search: { product: { prefix: false } } },
      }),
    );
    expect(executeSearch(off, { text: 'logi', page: 1, perPage: 5, prefix: true }).sections[0]!.total).toBe(
      0,
    );
  });
});

describe('stems', () => {
  it('finds the other forms of a word, ranked below the form typed', () => {
    expect(ids('headphone')).toEqual(['sony-wh', 'jabra-buds']);
    const hits = search('headphones').hits;
    expect(hits.map((hit) => hit.entity)).toEqual(['product:sony-wh', 'product:jabra-buds']);
    const explained = executeSearch(index, { text: 'headphone', page: 1, perPage: 5, explain: true })
      .sections[0]!.hits;
    expect((explained[0]!.parts!.words[0] as WordPart).kind).toBe('stem');
    for (const hit of explained) expect(hit.parts!.total).toBe(hit.score);
  });

  it('stems in the language of the request, in each language a shop sells in', async () => {
    const shop = [
      product('de', { title: 'Ledertasche für Laptops', keywords: ['Taschen', 'Lampen'] }),
      product('fr', { title: 'Chaussures de course', keywords: ['écouteurs'] }),
      product('es', { title: 'Zapatos de cuero', keywords: ['fundas'] }),
      product('it', { title: 'Scarpe da corsa', keywords: ['custodie'] }),
      product('nl', { title: 'Schoenen van leer', keywords: ['koptelefoons'] }),
      product('en', { title: 'Running shoes', keywords: ['batteries'] }),
    ];
    const multilingual = loadIndex(
      await compileIndex(shop, { settings: { languages: ['en', 'de', 'fr', 'es', 'it', 'nl'] } }),
    );
    const find = (text: string, locale: string) =>
      executeSearch(multilingual, { text, locale, page: 1, perPage: 5 }).sections[0]!.hits.map((hit) =>
        hit.entity.slice('product:'.length),
      );
    expect(find('tasche', 'de-DE')).toEqual(['de']);
    expect(find('lampe', 'de')).toEqual(['de']);
    expect(find('chaussure', 'fr')).toEqual(['fr']);
    expect(find('écouteur', 'fr-CA')).toEqual(['fr']);
    expect(find('zapato', 'es')).toEqual(['es']);
    expect(find('funda', 'es')).toEqual(['es']);
    expect(find('scarpa', 'it')).toEqual(['it']);
    expect(find('custodia', 'it')).toEqual(['it']);
    expect(find('schoen', 'nl')).toEqual(['nl']);
    expect(find('koptelefoon', 'nl')).toEqual(['nl']);
    expect(find('battery', 'en-GB')).toEqual(['en']);
    // Another language's stems are not used: German does not stem `batteries`.
    expect(find('battery', 'de')).toEqual([]);
  });
});

describe('synonyms', () => {
  const synonyms = compileSynonyms({
    groups: [{ words: ['tv', 'television'] }, { words: ['earphones', 'earbuds'] }],
    one_way: [
      { from: 'flat screen', to: ['television'] },
      { from: 'laptop bag', to: ['notebook case', 'phone case'] },
    ],
    never: [{ words: ['mouse', 'rat'] }],
  });

  it('apply at query time, groups both ways', () => {
    expect(ids('earphones', { synonyms })).toEqual(['jabra-buds']);
    expect(ids('earphones')).toEqual([]);
    expect(ids('tv', { synonyms })).toEqual(['lg-oled']);
  });

  it('take phrases as input and as output', () => {
    expect(ids('flat screen', { synonyms })).toEqual(['lg-oled']);
    expect(ids('samsung laptop bag', { synonyms })).toEqual(['galaxy-case']);
  });

  it('go one way only for a one-way entry', () => {
    expect(ids('television', { synonyms })).toEqual(['lg-oled']);
    expect(ids('phone case', { synonyms })).toEqual(['galaxy-case']);
    expect(
      search('phone case', { synonyms }).trace.words.flatMap((word) => word.expansions.map((e) => e.kind)),
    ).not.toContain('synonym');
  });

  it('change nothing for a never entry, and rank below the word as typed', () => {
    expect(ids('rat', { synonyms })).toEqual([]);
    const exact = search('earbuds').hits[0]!.score;
    expect(search('earphones', { synonyms }).hits[0]!.score).toBeLessThan(exact);
  });
});

describe('words left out', () => {
  it('requires every word by default', () => {
    expect(search('sony headphones blender').total).toBe(0);
  });

  it('leaves out words no product knows when nothing matches, and says which', () => {
    const section = search('sony headphones zzyzx', { leaveOut: 'unknown' });
    expect(section.hits.map((hit) => hit.entity)).toEqual(['product:sony-wh']);
    expect(section.trace.leftOut).toEqual(['zzyzx']);
    expect(section.trace.searched).toBe('sony headphones');
    expect(section.trace.words.find((word) => word.word === 'zzyzx')).toMatchObject({
      leftOut: true,
      expansions: [],
    });
    expect(section.trace.attempts).toEqual([
      { words: ['sony', 'headphones', 'zzyzx'], candidates: 0 },
      { words: ['sony', 'headphones'], candidates: 1 },
    ]);
    // Known words stay required.
    expect(search('sony smartphone', { leaveOut: 'unknown' }).total).toBe(0);
  });

  it('leaves out the least informative word when asked to', () => {
    // Black is in most products: left out first; smartphone and logitech still never meet.
    const section = search('black smartphone logitech', { leaveOut: 'least_informative' });
    expect(section.trace.leftOut).toEqual(['black', 'smartphone']);
    expect(section.hits.map((hit) => hit.entity)).toEqual(['product:logitech-mouse']);
    const found = search('black wireless jabra', { leaveOut: 'least_informative' });
    expect(found.trace.leftOut).toEqual(['black']);
    expect(found.hits.map((hit) => hit.entity)).toEqual(['product:jabra-buds']);
  });

  it('fills a short list with products lacking the least informative word, after the rest', () => {
    const section = search('wireless headphones black', { fill: true, explain: true });
    expect(section.hits[0]!.entity).toBe('product:sony-wh');
    expect(section.trace.optional).toEqual(['black']);
    expect(section.hits.map((hit) => hit.entity)).toContain('product:jabra-buds');
    const jabra = section.hits.find((hit) => hit.entity === 'product:jabra-buds')!;
    expect(jabra.parts!.completeness).toBeLessThan(0);
    expect(jabra.parts!.words.find((word) => word.word === 'black')).toEqual({
      word: 'black',
      missing: true,
    });
    expect(section.hits[0]!.parts!.completeness).toBe(0);
    expect(section.total).toBe(section.trace.attempts.at(-1)!.candidates);
  });
});

describe('explanations', () => {
  it('split each hit score into parts that add up to it', () => {
    const section = search('wireless headphones', { explain: true });
    for (const hit of section.hits) {
      const parts = hit.parts!;
      expect(parts.total).toBe(hit.score);
      expect(parts.completeness + parts.text + parts.proximity + parts.exactness).toBeCloseTo(hit.score, 10);
      const words = parts.words as WordPart[];
      expect(words.reduce((sum, word) => sum + word.score, 0)).toBeCloseTo(parts.text, 10);
      for (const word of words) {
        const fields = Object.values(word.fields).reduce((sum, value) => sum + value, 0);
        expect(fields).toBeCloseTo(word.score, 10);
      }
    }
    expect(search('wireless headphones').hits[0]!.parts).toBeUndefined();
  });

  it('explain the score of every kind of search exactly', () => {
    // One list, several lists merged, a walk over several words, completions, a filled list.
    const queries: Array<[string, Partial<EngineQuery>]> = [
      ['black', {}],
      ['headphone', {}],
      ['samsung black', {}],
      ['sam', { prefix: true }],
      ['wireless headphones black', { fill: true }],
    ];
    for (const [text, more] of queries) {
      const plain = search(text, more).hits;
      const explained = search(text, { ...more, explain: true }).hits;
      expect(
        explained.map((hit) => hit.entity),
        text,
      ).toEqual(plain.map((hit) => hit.entity));
      for (const hit of explained) expect(hit.parts!.total, `${text}: ${hit.entity}`).toBe(hit.score);
    }
  });

  it('say why one hit sits above another: field weights, proximity, exactness, typos', () => {
    const section = search('wireless headphones', { explain: true });
    const [sony, jabra] = section.hits;
    expect(sony!.entity).toBe('product:sony-wh');
    expect(jabra!.entity).toBe('product:jabra-buds');
    const sonyWords = sony!.parts!.words as WordPart[];
    const jabraWords = jabra!.parts!.words as WordPart[];
    expect(Object.keys(sonyWords[0]!.fields)).toEqual(['title', 'description']);
    expect(Object.keys(jabraWords[0]!.fields)).toEqual(['description']);
    expect(sony!.parts!.proximity).toBeGreaterThan(0); // adjacent in the title
    expect(sony!.parts!.exactness).toBeGreaterThan(0); // both words in the title
    expect(jabra!.parts!.exactness).toBe(0);

    const typo = search('wireles headphones', { explain: true }).hits[0]!.parts!.words[0] as WordPart;
    expect(typo).toMatchObject({ word: 'wireles', matched: 'wireless', kind: 'typo', typos: 1 });
    // A tier below another word for it, which is a tier below the shopper's own word and its stems.
    const synonyms = compileSynonyms({ groups: [{ words: ['cordless', 'wireless'] }] });
    const synonym = search('cordless headphones', { synonyms, explain: true }).hits[0]!.parts!
      .words[0] as WordPart;
    const stem = search('headphone', { explain: true }).hits[0]!.parts!.words[0] as WordPart;
    expect(synonym.kind).toBe('synonym');
    expect(typo.penalty).toBeLessThan(synonym.penalty);
    expect(synonym.penalty).toBeLessThan(stem.penalty);
  });

  it('rank words next to each other above words apart', () => {
    const hits = search('wireless charging', { explain: true }).hits;
    // Adjacent in the title, adjacent in the description, apart in the description (`charges`).
    expect(hits.map((hit) => hit.entity)).toEqual([
      'product:mouse-pad',
      'product:galaxy-s10',
      'product:jabra-buds',
    ]);
    expect(hits[0]!.parts!.proximity).toBeGreaterThan(hits[1]!.parts!.proximity);
    expect(hits[1]!.parts!.proximity).toBeGreaterThan(hits[2]!.parts!.proximity);
  });
});

// The add-ons' titles are the shorter ones: by word counts alone they would come first. The
// catalog itself says what they are: three pads are written "pad for", and the arm's category is
// named after the monitors' one.
const withAddOns: CatalogEntity[] = [
  product('mouse', { title: 'Logitech M185 wireless optical mouse, grey' }),
  product('mouse-pad', { title: 'Gel mouse pad', description: 'A soft pad for your mouse.' }),
  product('desk-pad', { title: 'Felt desk pad', description: 'A pad for the desk.' }),
  product('laptop-pad', { title: 'Cooling laptop pad', description: 'Pad for laptops up to 17 inch.' }),
  product('monitor', { title: 'Dell P2419H 24 inch full HD monitor, black', categories: ['monitors'] }),
  product('model-only', { title: 'Dell U2720Q 27 inch 4K', categories: ['monitors'] }),
  product('monitor-arm', { title: 'Monitor arm', categories: ['monitor-arms'] }),
  { type: 'category', id: 'monitors', title: 'Monitors' },
  { type: 'category', id: 'monitor-arms', title: 'Monitor Arms' },
];
const found = (entities: CatalogEntity[], text: string) =>
  executeSearch(loadIndex(awaitedIndex(entities)), { text, page: 1, perPage: 20 }).sections[0]!.hits.map(
    (hit) => hit.entity,
  );
const compiled = new Map<CatalogEntity[], Uint8Array>();
const awaitedIndex = (entities: CatalogEntity[]) => compiled.get(entities)!;
compiled.set(withAddOns, await compileIndex(withAddOns, { settings: { languages: ['en'] } }));
const onePadFor = withAddOns.filter((entity) => entity.id !== 'desk-pad' && entity.id !== 'laptop-pad');
compiled.set(onePadFor, await compileIndex(onePadFor, { settings: { languages: ['en'] } }));

describe('what a product is, from the catalog', () => {
  it('ranks a product named by the word above an add-on that names it', () => {
    // A noun phrase's head is its last noun: "mouse pad" is a pad, "monitor arm" an arm.
    expect(found(withAddOns, 'mouse').slice(0, 2)).toEqual(['product:mouse', 'product:mouse-pad']);
    expect(found(withAddOns, 'monitor')).toEqual([
      'product:monitor',
      'product:model-only',
      'product:monitor-arm',
    ]);
  });

  it('still finds the add-on first by its own noun', () => {
    expect(found(withAddOns, 'mouse pad')[0]).toBe('product:mouse-pad');
    expect(found(withAddOns, 'monitor arm')[0]).toBe('product:monitor-arm');
  });

  it('reads what an attribute named for "made for" gives as the product\'s modifiers', async () => {
    const arms = [
      product('monitor', { title: 'Dell P2419H 24 inch full HD LCD monitor with stand, black' }),
      product('arm', { title: 'SmartFit monitor arm', attributes: { suitable_for: 'Monitor' } }),
    ];
    const index = loadIndex(await compileIndex(arms, { settings: { languages: ['en'] } }));
    const hits = executeSearch(index, { text: 'monitor', page: 1, perPage: 5 }).sections[0]!.hits;
    expect(hits.map((hit) => hit.entity)).toEqual(['product:monitor', 'product:arm']);
  });

  it('takes one product writing "pad for" as its wording, not the catalog\'s usage', () => {
    expect(found(onePadFor, 'mouse').slice(0, 2)).toEqual(['product:mouse-pad', 'product:mouse']);
  });

  it('takes no word as an add-on\'s noun that the products it describes write before "for" only now and then', async () => {
    // Two of 500 black products are "Black for ...": a colour, not the noun of an add-on.
    const black = Array.from({ length: 500 }, (_, i) =>
      product(`black-${i}`, {
        title: `Acme ${i < 2 ? 'toner' : 'notebook'} black`,
        description: i < 2 ? 'Black for HP notebooks.' : 'A black one.',
      }),
    );
    const index = loadIndex(await compileIndex(black, { settings: { languages: ['en'] } }));
    const hit = executeSearch(index, { text: 'notebook', page: 1, perPage: 1, explain: true }).sections[0]!
      .hits[0]!;
    expect(Object.keys((hit.parts!.words[0] as WordPart).fields)).toEqual(['title']);
  });
});

describe('tiers of matches', () => {
  it('never rank another word for the query above the word as typed in the same field, however short its title', async () => {
    const titles = [
      product('short', { title: 'Wireless headphones' }),
      product('long', {
        title:
          'Acme over-ear cordless headphones with a carrying case, two cables, a travel adapter and a manual, black',
      }),
      product('other', { title: 'Acme wired earphones, white' }),
    ];
    const index = loadIndex(await compileIndex(titles, { settings: { languages: ['en'] } }));
    const synonyms = compileSynonyms({ groups: [{ words: ['cordless', 'wireless'] }] });
    const hits = executeSearch(index, { text: 'cordless', page: 1, perPage: 10, synonyms }).sections[0]!.hits;
    expect(hits.map((hit) => hit.entity)).toEqual(['product:long', 'product:short']);
  });
});

describe('the trace', () => {
  it('lists each word with its expansions and the candidates', () => {
    const section = search('samsng gal', { prefix: true });
    expect(section.trace.searched).toBe('samsng gal');
    expect(section.trace.candidates).toBe(2);
    const [samsng, gal] = section.trace.words;
    expect(samsng!.expansions).toEqual([{ matched: 'samsung', kind: 'typo', typos: 1, documents: 2 }]);
    expect(gal!.expansions).toEqual([{ matched: 'galaxy', kind: 'prefix', documents: 2 }]);
  });

  it('shows how a model number was found', () => {
    const words = search('dv7 1211ea').trace.words;
    expect(words[0]!.expansions.map((expansion) => `${expansion.matched}/${expansion.kind}`)).toEqual([
      'dv7/exact',
      'dv71211ea/join',
      'dv71211ea/identifier',
    ]);
  });
});
