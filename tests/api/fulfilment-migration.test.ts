import { randomUUID } from 'node:crypto';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { migrationsFolder } from '../../src/server/db/client.ts';
import { migrateUpTo } from '../setup/partial-migrations.ts';
import { adminQuery, dropDatabase, uniqueName, withDatabase } from '../setup/pg-admin.ts';

/**
 * Migration 0015 on a database holding orders from before shipments (docs/decisions/0109-shipments-per-seller.md):
 * order numbers in placing order with the year each was placed in, one shipment per seller in the state
 * the order's flags gave it, and its timeline events.
 */
describe('migration 0015: existing orders get numbers and shipments', () => {
  it('numbers orders by placing time and gives each seller of each order a shipment in its state', async () => {
    const serverUrl = inject('pgServerUrl');
    const name = uniqueName('haat_mig15');
    await adminQuery(serverUrl, `create database "${name}"`);
    const client = new pg.Client({ connectionString: withDatabase(serverUrl, name) });
    await client.connect();
    try {
      const { db, tag } = await migrateUpTo(client, 14);
      expect(tag).toMatch(/^0014_/);

      const [buyer, s1, s2] = [randomUUID(), randomUUID(), randomUUID()];
      await client.query(
        `insert into users (id, name, email, password_hash) values ($1, 'B', 'b@example.com', 'x'),
           ($2, 'S1', 's1@example.com', 'x'), ($3, 'S2', 's2@example.com', 'x')`,
        [buyer, s1, s2],
      );
      const order = async (createdAt: string) =>
        (
          await client.query<{ id: string }>(
            `insert into orders (user_id, shipping_address, billing_address, items_price, tax_price, total_price,
               total_price_inr, created_at)
             values ($1, '{"postalCode":"411001","country":"India"}', '{}', 100, 0, 100, 100, $2)
             returning id`,
            [buyer, createdAt],
          )
        ).rows[0]!.id;
      // Inserted out of placing order on purpose.
      const placed2026 = await order('2026-03-01T10:00:00Z');
      const delivered2025 = await order('2025-12-31T20:00:00Z');
      const cancelled2025 = await order('2025-06-01T10:00:00Z');
      const cod2026 = await order('2026-04-01T10:00:00Z');
      await client.query(`update orders set payment_method = 'CashOnDelivery' where id = $1`, [cod2026]);
      await client.query(
        `update orders set is_delivered = true, delivered_at = '2026-01-05T10:00:00Z' where id = $1`,
        [delivered2025],
      );
      await client.query(`update orders set status = 'cancelled', cancelled_at = created_at where id = $1`, [
        cancelled2025,
      ]);
      const line = (orderId: string, seller: string) =>
        client.query(
          `insert into order_items (order_id, seller_id, name, qty, price, discounted_price, tax, tax_amount)
           values ($1, $2, 'Kurta', 1, 100, 100, 5, 5)`,
          [orderId, seller],
        );
      await line(placed2026, s1);
      await line(placed2026, s2);
      await line(placed2026, s2);
      await line(delivered2025, s1);
      await line(cancelled2025, s2);
      await line(cod2026, s1);

      await migrate(db, { migrationsFolder });

      const numbers = await client.query<{ id: string; order_number: string }>(
        `select id, order_number from orders order by created_at`,
      );
      // 31 Dec 2025 20:00 UTC is already 1 Jan 2026 in India.
      expect(numbers.rows.map((r) => r.order_number)).toEqual([
        'HAAT-2025-000001',
        'HAAT-2026-000002',
        'HAAT-2026-000003',
        'HAAT-2026-000004',
      ]);
      const ships = await client.query<{
        order_id: string;
        seller_id: string;
        state: string;
        pincode: string;
      }>(`select order_id, seller_id, state::text, pincode from shipments order by order_id, seller_id`);
      const of = (id: string) => ships.rows.filter((s) => s.order_id === id);
      expect(of(placed2026).map((s) => s.state)).toEqual(['placed', 'placed']);
      expect(new Set(of(placed2026).map((s) => s.seller_id))).toEqual(new Set([s1, s2]));
      expect(of(delivered2025).map((s) => s.state)).toEqual(['delivered']);
      expect(of(cancelled2025).map((s) => s.state)).toEqual(['cancelled']);
      // A cash-on-delivery order in progress was being worked on: accepted, so no sweep cancels it.
      expect(of(cod2026).map((s) => s.state)).toEqual(['accepted']);
      expect(ships.rows.every((s) => s.pincode === '411001')).toBe(true);
      const events = await client.query<{ to_state: string }>(
        `select to_state from order_events order by to_state`,
      );
      expect(events.rows.map((e) => e.to_state)).toEqual([
        'accepted',
        'cancelled',
        'delivered',
        'placed',
        'placed',
        'placed',
        'placed',
        'placed',
      ]);
      const settings = await client.query(`select * from delivery_settings`);
      expect(settings.rows).toHaveLength(1);
      // New orders continue the sequence.
      const next = await client.query<{ order_number: string }>(
        `insert into orders (user_id, shipping_address, billing_address, items_price, tax_price, total_price, total_price_inr)
         values ($1, '{}', '{}', 1, 0, 1, 1) returning order_number`,
        [buyer],
      );
      expect(next.rows[0]!.order_number).toMatch(/^HAAT-\d{4}-000005$/);
    } finally {
      await client.end();
      await dropDatabase(serverUrl, name);
    }
  });
});
