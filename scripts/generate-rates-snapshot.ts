/**
 * Writes src/server/modules/currency/rates-snapshot.json: the bundled offline rate table (docs/product/deployment-safety.md#running-haat, docs/product/currency-and-places.md)
 * served when RATES_URL is unset or cannot be reached. It is the INR table of the
 * `@fawazahmed0/currency-api` package (a dev dependency: `v1/currencies/inr.json`, the same shape as
 * RATES_URL), cut down to the codes of our currency table (~150 of its ~340 entries, ~4 KB instead of the
 * package's 5.5 MB). Every other currency's table is derived from it at run time (cross rates).
 *
 * Run: `node --import tsx scripts/generate-rates-snapshot.ts` after `npm update @fawazahmed0/currency-api`,
 * and commit the JSON.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CURRENCIES } from '../src/shared/currencies.ts';

const require = createRequire(import.meta.url);
const source = require('@fawazahmed0/currency-api/v1/currencies/inr.json') as {
  date: string;
  inr: Record<string, number>;
};

const inr: Record<string, number> = {};
for (const { code } of CURRENCIES) {
  const rate = source.inr[code.toLowerCase()];
  if (typeof rate !== 'number' || !(rate > 0)) throw new Error(`The package has no INR rate for ${code}`);
  inr[code.toLowerCase()] = rate;
}
inr.inr = 1;

const out = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '../src/server/modules/currency/rates-snapshot.json',
);
fs.writeFileSync(out, `${JSON.stringify({ date: source.date, inr }, null, 2)}\n`);
console.log(`wrote ${out}: ${Object.keys(inr).length} rates of ${source.date}`);
