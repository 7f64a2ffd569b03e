import { describe, expect, it } from 'vitest';
import { generateCatalog } from '../catalog/demo/index.js';
import { demoReleaseFiles } from '../catalog/demo/release.js';
import type { AttributesFile, TestsFile } from '../contracts/release-files/index.js';
import { compileIndex, loadIndex } from '../engine/index.js';
import { compilePlanner } from './planner.js';
import { NOW, SHOP_ATTRIBUTES, SHOP_CATALOG, shopVocabulary } from './shop.fixture.js';
import { testViolations } from './tests/outcome.js';
import { runPlanTests } from './tests/plan-tests.js';
import { buildVocabulary } from './vocabulary.js';
import {
  decodeVocabulary,
  emptyVocabulary,
  encodeVocabulary,
  VOCABULARY_ATTACHMENT,
  vocabularyAttachments,
  vocabularyOf,
} from './vocabulary-codec.js';

const demoAttributes = (demoReleaseFiles['attributes.json'] as AttributesFile).attributes;

describe('encodeVocabulary and decodeVocabulary', () => {
  it('give back the same vocabulary: maps in their order, sets as sets', () => {
    const vocabulary = shopVocabulary();
    const decoded = decodeVocabulary(encodeVocabulary(vocabulary));
    expect(decoded).toEqual(vocabulary);
    expect([...decoded.categories.keys()]).toEqual([...vocabulary.categories.keys()]);
    expect([...decoded.brands.keys()]).toEqual([...vocabulary.brands.keys()]);
    const size = decoded.attributes.get('size')!;
    expect(size.categories).toBeInstanceOf(Set);
    expect(size.categories.has('running-shoes')).toBe(true);
  });

  it("plan the demo release's tests as the vocabulary they were encoded from does", () => {
    const catalog = generateCatalog({ products: 3000, seed: 1 });
    const decoded = decodeVocabulary(encodeVocabulary(buildVocabulary(catalog, demoAttributes)));
    const tests = demoReleaseFiles['tests.json'] as TestsFile;
    const outcomes = runPlanTests(tests, compilePlanner(demoReleaseFiles, decoded), NOW);
    expect(outcomes.length).toBeGreaterThan(0);
    expect(testViolations(outcomes)).toEqual([]);
  });

  it('refuse bytes that are not a vocabulary of this form', () => {
    expect(() => decodeVocabulary(new TextEncoder().encode('not json'))).toThrow(/not JSON/);
    expect(() => decodeVocabulary(new TextEncoder().encode('{"format":99}'))).toThrow(
      /format 99; this version reads 1/,
    );
    expect(() => decodeVocabulary(new TextEncoder().encode('{"format":1}'))).toThrow(
      /lacks categories, brands or attributes/,
    );
  });
});

describe('vocabularyOf', () => {
  it('reads the vocabulary attached to the index compiled from the same entities', async () => {
    const index = loadIndex(
      await compileIndex(SHOP_CATALOG, {
        attachments: vocabularyAttachments(SHOP_CATALOG, SHOP_ATTRIBUTES.attributes),
      }),
    );
    expect(index.attachment(VOCABULARY_ATTACHMENT)).toBeDefined();
    expect(vocabularyOf(index)).toEqual(shopVocabulary());
  });

  it('answers an empty vocabulary for an artifact compiled without one', async () => {
    const index = loadIndex(await compileIndex(SHOP_CATALOG));
    expect(vocabularyOf(index)).toEqual(emptyVocabulary());
  });
});
