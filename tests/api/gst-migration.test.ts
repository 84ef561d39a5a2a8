import { randomUUID } from 'node:crypto';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { migrationsFolder } from '../../src/server/db/client.ts';
import { migrateUpTo } from '../setup/partial-migrations.ts';
import { adminQuery, dropDatabase, uniqueName, withDatabase } from '../setup/pg-admin.ts';

/**
 * Migration 0016 on a database holding orders from before GST components (docs/decisions/0116-gst-rates-as-dated-data.md):
 * each order keeps the tax it was placed with, split into CGST + SGST when seller and delivery share a
 * state and IGST otherwise; the shipped rate table and the settings row are there.
 */
describe('migration 0016: existing orders keep their tax, split by place of supply', () => {
  it('splits old lines by the delivery state and the seller GSTIN or address', async () => {
    const serverUrl = inject('pgServerUrl');
    const name = uniqueName('haat_mig16');
    await adminQuery(serverUrl, `create database "${name}"`);
    const client = new pg.Client({ connectionString: withDatabase(serverUrl, name) });
    await client.connect();
    try {
      const { db, tag } = await migrateUpTo(client, 15);
      expect(tag).toMatch(/^0015_/);
      const [buyer, gstinSeller, addressSeller] = [randomUUID(), randomUUID(), randomUUID()];
      await client.query(
        `insert into users (id, name, email, password_hash, business_registration_code, country, state) values
           ($1, 'B', 'b@example.com', 'x', null, 'India', 'Delhi'),
           ($2, 'S1', 's1@example.com', 'x', '27AAPFU0939F1ZV', 'India', 'Karnataka'),
           ($3, 'S2', 's2@example.com', 'x', '', 'India', 'Tamil Nadu')`,
        [buyer, gstinSeller, addressSeller],
      );
      const order = async (state: string, country = 'India') =>
        (
          await client.query<{ id: string }>(
            `insert into orders (user_id, shipping_address, billing_address, items_price, tax_price, total_price, total_price_inr)
             values ($1, $2, '{}', 100, 0, 100, 100) returning id`,
            [buyer, JSON.stringify({ postalCode: '400001', country, state })],
          )
        ).rows[0]!.id;
      const toMaharashtra = await order('Maharashtra');
      const toTamilNadu = await order('Tamil Nadu');
      const abroad = await order('California', 'United States');
      const line = async (orderId: string, seller: string, taxAmount: string) =>
        (
          await client.query<{ id: string }>(
            `insert into order_items (order_id, seller_id, name, qty, price, discounted_price, tax, tax_amount)
             values ($1, $2, 'Kurta', 1, 100, 100, 5, $3) returning id`,
            [orderId, seller, taxAmount],
          )
        ).rows[0]!.id;
      const intraByGstin = await line(toMaharashtra, gstinSeller, '10.01');
      const interByAddress = await line(toMaharashtra, addressSeller, '10.01');
      const intraByAddress = await line(toTamilNadu, addressSeller, '7.50');
      const foreign = await line(abroad, gstinSeller, '3.33');

      await migrate(db, { migrationsFolder });

      const rows = await client.query<{
        id: string;
        supplier_state_code: string | null;
        cgst: string;
        sgst: string;
        igst: string;
        tax_amount: string;
      }>(`select id, supplier_state_code, cgst, sgst, igst, tax_amount from order_items`);
      const of = (id: string) => rows.rows.find((r) => r.id === id)!;
      expect(of(intraByGstin)).toMatchObject({
        supplier_state_code: '27',
        cgst: '5.01',
        sgst: '5.00',
        igst: '0.00',
      });
      expect(of(interByAddress)).toMatchObject({
        supplier_state_code: '33',
        cgst: '0.00',
        sgst: '0.00',
        igst: '10.01',
      });
      expect(of(intraByAddress)).toMatchObject({ cgst: '3.75', sgst: '3.75', igst: '0.00' });
      expect(of(foreign)).toMatchObject({ igst: '3.33', cgst: '0.00' });
      // The tax itself never changes.
      for (const r of rows.rows) {
        expect(Number(r.cgst) + Number(r.sgst) + Number(r.igst)).toBeCloseTo(Number(r.tax_amount), 2);
      }
      const pos = await client.query<{ id: string; place_of_supply: string | null }>(
        `select id, place_of_supply from orders`,
      );
      expect(new Map(pos.rows.map((r) => [r.id, r.place_of_supply]))).toEqual(
        new Map([
          [toMaharashtra, '27'],
          [toTamilNadu, '33'],
          [abroad, null],
        ]),
      );
      const rates = await client.query<{ n: number }>(`select count(*)::int as n from gst_rates`);
      expect(rates.rows[0]!.n).toBe(16);
      const settings = await client.query(`select invoice_on::text from gst_settings`);
      expect(settings.rows).toEqual([{ invoice_on: 'shipped' }]);
    } finally {
      await client.end();
      await dropDatabase(serverUrl, name);
    }
  });
});
