import { randomUUID } from 'node:crypto';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { migrationsFolder } from '../../src/server/db/client.ts';
import { migrateUpTo } from '../setup/partial-migrations.ts';
import { adminQuery, dropDatabase, uniqueName, withDatabase } from '../setup/pg-admin.ts';

/**
 * Migration 0017 on a shop with seller payment records from before the ledger (docs/decisions/0120-seller-ledger.md):
 * what a Pending record of a delivered line still owes becomes its opening balance, covering the units not
 * yet returned; paid records and parcels not delivered write nothing.
 */
describe('migration 0017: opening balances from the old seller payment records', () => {
  it('opens a delivered line with what it still owes, for the units the buyer kept', async () => {
    const serverUrl = inject('pgServerUrl');
    const name = uniqueName('haat_mig17');
    await adminQuery(serverUrl, `create database "${name}"`);
    const client = new pg.Client({ connectionString: withDatabase(serverUrl, name) });
    await client.connect();
    try {
      const { db, tag } = await migrateUpTo(client, 16);
      expect(tag).toMatch(/^0016_/);
      const [buyer, seller] = [randomUUID(), randomUUID()];
      await client.query(
        `insert into users (id, name, email, password_hash, country, state) values
           ($1, 'B', 'b@example.com', 'x', 'India', 'Delhi'), ($2, 'S', 's@example.com', 'x', 'India', 'Karnataka')`,
        [buyer, seller],
      );
      /** An order of `qty` units at ₹1,000 (payout ₹850 each), its shipment in `state`, its Pending record. */
      const sale = async (qty: number, state: string, status = 'Pending', reversed = '0') => {
        const order = (
          await client.query<{ id: string }>(
            `insert into orders (user_id, shipping_address, billing_address, items_price, tax_price, total_price, total_price_inr)
             values ($1, '{}', '{}', 1000, 0, 1000, 1000) returning id`,
            [buyer],
          )
        ).rows[0]!.id;
        const item = (
          await client.query<{ id: string }>(
            `insert into order_items (order_id, seller_id, name, qty, price, discounted_price, tax, tax_amount)
             values ($1, $2, 'Kurta', $3, 1000, 1000, 5, 0) returning id`,
            [order, seller, qty],
          )
        ).rows[0]!.id;
        const shipment = (
          await client.query<{ id: string }>(
            `insert into shipments (order_id, seller_id, state, delivered_at)
             values ($1, $2, $3::shipment_state, case when $3::text = 'delivered' then now() end) returning id`,
            [order, seller, state],
          )
        ).rows[0]!.id;
        await client.query(
          `insert into seller_payments (order_id, order_item_id, seller_id, item_total_price, payment_status, reversed_amount)
           values ($1, $2, $3, $4, $5, $6)`,
          [order, item, seller, 850 * qty, status, reversed],
        );
        return { order, item, shipment };
      };
      const kept = await sale(2, 'delivered');
      const halfReturned = await sale(2, 'delivered', 'Pending', '850');
      await client.query(
        `insert into return_requests (order_id, shipment_id, order_item_id, seller_id, buyer_id, kind, qty, reason, state)
         values ($1, $2, $3, $4, $5, 'return', 1, 'too_small', 'refunded')`,
        [halfReturned.order, halfReturned.shipment, halfReturned.item, seller, buyer],
      );
      await sale(1, 'delivered', 'Paid');
      await sale(1, 'shipped');

      await migrate(db, { migrationsFolder });

      const rows = await client.query<{
        order_item_id: string;
        kind: string;
        amount: string;
        qty: number;
        cause: string;
      }>(
        `select order_item_id, kind, amount::text, qty, cause from ledger_entries order by ledger_entries.amount desc`,
      );
      expect(rows.rows).toEqual([
        {
          order_item_id: kept.item,
          kind: 'adjustment',
          amount: '170000',
          qty: 2,
          cause: `opening:${kept.item}`,
        },
        {
          order_item_id: halfReturned.item,
          kind: 'adjustment',
          amount: '85000',
          qty: 1,
          cause: `opening:${halfReturned.item}`,
        },
      ]);
      const settings = await client.query(`select sale_on, tcs_rate::text from settlement_settings`);
      expect(settings.rows).toEqual([{ sale_on: 'delivered', tcs_rate: '0.50' }]);
    } finally {
      await client.end();
      await dropDatabase(serverUrl, name);
    }
  });
});
