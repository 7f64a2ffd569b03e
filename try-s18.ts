import { generateCatalog } from './src/catalog/demo/index.js';
import { demoReleaseFiles } from './src/catalog/demo/release.js';
import { compileReleaseIndex } from './src/control/indexer/release-index.js';
import { loadIndex } from './src/engine/index.js';
import { answerRequest, compilePlanner, vocabularyOf, catalogSuggestionsOf, Suggester } from './src/planner/index.js';
const entities = [...generateCatalog({ products: 3000, seed: 1 })];
const files = demoReleaseFiles as Record<string, unknown>;
const index = loadIndex(await compileReleaseIndex(entities, files));
const vocabulary = vocabularyOf(index);
const planner = compilePlanner(files, vocabulary);
const suggester = new Suggester(index, vocabulary, catalogSuggestionsOf(index));
for (const q of ['hea', 'kett', 'son', 'tv', 'wireless ear', 'headphnes', 'h', 'mattress to', 'lap']) {
  const t0 = performance.now();
  const a = answerRequest({ index, files, planner, suggester }, { query: q, on: 'autocomplete', per_page: 6 }, new Date());
  const t1 = performance.now();
  console.log(q, (t1 - t0).toFixed(2), 'ms', JSON.stringify(a.suggestions), a.sections.map((s) => `${s.type}:${s.total}`).join(' '), JSON.stringify(a).length);
}
import { executeSearch } from './src/engine/index.js';
const r = executeSearch(index, { text: 'headphones', page: 1, perPage: 1, countOnly: true, facets: [{ field: 'category', kind: 'list', label: 'c' }] });
console.log(JSON.stringify(r.sections.map((s) => [s.type, s.total, s.facets])));
const r2 = executeSearch(index, { text: 'headphones', page: 1, perPage: 1, countOnly: true, facets: [{ field: 'category', kind: 'hierarchical', label: 'c' }] });
console.log(JSON.stringify(r2.sections.map((s) => [s.type, s.total, s.facets])));
