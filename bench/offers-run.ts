/**
 * `npx tsx bench/offers-run.ts [runs]`: PUT /offers of 10,000 variants at 100k products against
 * the built `aisle start`, as many times as asked. Needs `npm run build` first.
 */
import { benchOffers, offersTable } from './offers.js';

const runs = Number(process.argv[2] ?? 1);
const results = [];
for (let run = 0; run < runs; run++) results.push(await benchOffers(100_000, 10_000));
console.log(offersTable(results));
