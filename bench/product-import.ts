/**
 * The bulk-listing row of `npm run bench` (docs/decisions/0107-bulk-listing.md): one 5 000-row CSV
 * (1 250 products × 4 colours, one image from a ZIP) imported through the API by the bench seller, timed
 * from the upload to the job's "done". run.ts calls it after the endpoint rows.
 */
import { zipSync } from 'fflate';
import sharp from 'sharp';
import { CSV_COLUMNS } from '../src/shared/product-csv.ts';
import type { Database } from '../src/server/db/client.ts';
import { createSession } from '../src/server/plugins/auth.ts';

const say = (msg: string) => process.stdout.write(`[bench] ${msg}\n`);

const IMPORT_ROWS = 5_000;

export async function benchProductImport(
  base: string,
  db: Database,
): Promise<{ name: string; note: string }> {
  const name = `POST /api/product-imports (${IMPORT_ROWS} rows, until done)`;
  const seller = await db.$client.query<{ id: string }>(
    `select id from users where email = 'bench-seller@haat.test'`,
  );
  const category = await db.$client.query<{ path: string }>(
    `select concat_ws(' > ', category, sub_category, level_three_category) as path from categories
     where level_three_category = 'Headphones'`,
  );
  if (!seller.rows[0] || !category.rows[0]) return { name, note: 'bench seller or category missing' };
  const { token } = await createSession(db, seller.rows[0].id);
  const colours = ['Black', 'White', 'Blue', 'Red'];
  const lines = [CSV_COLUMNS.join(',')];
  for (let p = 0; p < IMPORT_ROWS / colours.length; p++) {
    for (const [i, colour] of colours.entries()) {
      const first = i === 0;
      const cells: Record<string, string> = {
        product_ref: `BENCH-${p}`,
        name: first ? `Bench Import Headphones ${p}` : '',
        brand: first ? 'Bench Audio' : '',
        category: first ? category.rows[0].path : '',
        price: first ? String(999 + (p % 500)) : '',
        description: first ? 'Closed-back headphones imported in bulk.' : '',
        size: 'N/A',
        colour,
        sku: `B${p}-${colour.toUpperCase()}`,
        stock: String((p * 7 + i) % 50),
        variant_price: '',
        images: first ? 'bench.png' : '',
      };
      lines.push(CSV_COLUMNS.map((c) => cells[c] ?? '').join(','));
    }
  }
  const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#345' } })
    .png()
    .toBuffer();
  const zip = zipSync({ 'bench.png': new Uint8Array(png) });
  const form = new FormData();
  form.append('dryRun', 'false');
  form.append('fileName', 'bench.csv');
  form.append('csv', new Blob([lines.join('\r\n')], { type: 'text/csv' }), 'bench.csv');
  form.append('zip', new Blob([zip], { type: 'application/zip' }), 'bench.zip');

  say(`${name}: uploading and waiting for the job`);
  const started = performance.now();
  const res = await fetch(`${base}/api/product-imports`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
  if (res.status !== 202) return { name, note: `HTTP ${res.status}: ${(await res.text()).slice(0, 200)}` };
  const { _id: id } = (await res.json()) as { _id: string };
  for (;;) {
    await new Promise((r) => setTimeout(r, 250));
    const poll = await fetch(`${base}/api/product-imports/${id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = (await poll.json()) as { status: string; errorCount: number; errors: unknown[] };
    if (body.status === 'done' || body.status === 'failed') {
      const seconds = (performance.now() - started) / 1000;
      say(`${name}: ${body.status} in ${seconds.toFixed(1)} s ${JSON.stringify(body.errors.slice(0, 3))}`);
      return {
        name,
        note:
          body.status === 'done'
            ? `${seconds.toFixed(1)} s`
            : `failed after ${seconds.toFixed(1)} s (${body.errorCount} errors)`,
      };
    }
    if (performance.now() - started > 600_000) return { name, note: 'no answer in 10 minutes' };
  }
}
