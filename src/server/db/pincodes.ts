import type pg from 'pg';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';

/**
 * India's pincodes (docs/decisions/0113-delivery-promise.md): `reference/pincodes.tsv.gz`, written by
 * scripts/generate-pincodes.ts and shipped with the app, goes into the `pincodes` table right after the
 * migrations. Only the place (state, district) is written: the operator's flags (serviceable, COD, COD
 * limit) are never touched, and a table that already holds every shipped pincode is left as it is, so a
 * restart costs one count.
 */
export const PINCODE_FILE = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'reference',
  'pincodes.tsv.gz',
);

export type PincodeLine = { pincode: string; state: string; district: string };

export function readPincodeFile(file = PINCODE_FILE): PincodeLine[] {
  const text = gunzipSync(readFileSync(file)).toString('utf8');
  const rows: PincodeLine[] = [];
  for (const line of text.split('\n')) {
    const [pincode, state, district] = line.split('\t');
    if (pincode && state && district) rows.push({ pincode, state, district });
  }
  return rows;
}

/** Fills or completes the pincodes table; returns how many rows it wrote (0 when nothing was missing). */
export async function loadPincodes(client: pg.ClientBase | pg.Pool): Promise<number> {
  const rows = readPincodeFile();
  const counted = await client.query<{ n: number }>('select count(*)::int as n from pincodes');
  if ((counted.rows[0]?.n ?? 0) >= rows.length) return 0;
  // One statement with three arrays: 19,000 rows in a fraction of a second, no per-row round trips.
  await client.query(
    `insert into pincodes (pincode, state, district)
     select * from unnest($1::text[], $2::text[], $3::text[])
     on conflict (pincode) do update set state = excluded.state, district = excluded.district
     where pincodes.state is distinct from excluded.state or pincodes.district is distinct from excluded.district`,
    [rows.map((r) => r.pincode), rows.map((r) => r.state), rows.map((r) => r.district)],
  );
  return rows.length;
}
