import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';

/**
 * Wishlist SQL (docs/decisions/0104-wishlist.md). Every query is scoped by the owner's id; the primary key
 * (user_id, product_id) makes saving twice a no-op.
 */

/**
 * One person's wishlist writes take turns for the rest of the transaction, so the size cap is exact
 * even when two tabs save at once (saves by different people never wait on each other).
 */
export async function lockList(db: Queryable, userId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`wishlist:${userId}`}, 0))`);
}

/** The saved products that are on sale (active), newest saved first; the product id breaks ties. */
export async function savedActiveIds(db: Queryable, userId: string, limit: number): Promise<string[]> {
  const result = await db.execute<{ product_id: string }>(sql`
    select w.product_id
      from wishlist_items w
      join products p on p.id = w.product_id and p.status
     where w.user_id = ${userId}
     order by w.created_at desc, w.product_id desc
     limit ${limit}`);
  return result.rows.map((r) => r.product_id);
}

export type AddOutcome = 'added' | 'already_saved' | 'no_product' | 'full';

/**
 * Save one active product unless the list already holds `max`; one statement, run under `lockList`.
 * Saving a product already there changes nothing (not even when it was saved).
 */
export async function addIfRoom(
  db: Queryable,
  userId: string,
  productId: string,
  max: number,
): Promise<AddOutcome> {
  const result = await db.execute<{ product: boolean; already: boolean; inserted: boolean }>(sql`
    with product as (select id from products where id = ${productId} and status),
    inserted as (
      insert into wishlist_items (user_id, product_id)
      select ${userId}, product.id from product
       where (select count(*) from wishlist_items where user_id = ${userId}) < ${max}
      on conflict do nothing
      returning 1
    )
    select exists (select 1 from product) as product,
           exists (select 1 from wishlist_items where user_id = ${userId} and product_id = ${productId}) as already,
           exists (select 1 from inserted) as inserted`);
  const row = result.rows[0];
  if (!row?.product) return 'no_product';
  // The statement's snapshot does not see its own insert, so `already` means "saved before this call".
  if (row.inserted || row.already) return row.inserted ? 'added' : 'already_saved';
  return 'full';
}

/** Forget one saved product; true when there was one. */
export async function remove(db: Queryable, userId: string, productId: string): Promise<boolean> {
  const result = await db.execute(sql`
    delete from wishlist_items where user_id = ${userId} and product_id = ${productId}`);
  return (result.rowCount ?? 0) > 0;
}

/**
 * Merge a guest list (newest first) in one statement, under `lockList`: each active product not saved
 * yet is added, as many as fit under `max`, in the guest list's order; unknown, inactive, repeated and
 * already saved ids are skipped. Saved times step back a millisecond per place, so the list reads in the
 * guest's order, all newer than what the account held. Returns how many were added.
 */
export async function mergeIds(
  db: Queryable,
  userId: string,
  productIds: readonly string[],
  max: number,
): Promise<number> {
  if (productIds.length === 0) return 0;
  const result = await db.execute(sql`
    insert into wishlist_items (user_id, product_id, created_at)
    select ${userId}, g.id, now() - make_interval(secs => g.place / 1000.0)
      from (select id, min(ord) as place
              from unnest(${sql.param([...productIds])}::uuid[]) with ordinality as u(id, ord)
             group by id) g
      join products p on p.id = g.id and p.status
     where not exists (select 1 from wishlist_items w where w.user_id = ${userId} and w.product_id = g.id)
     order by g.place
     limit greatest(0, ${max} - (select count(*) from wishlist_items where user_id = ${userId}))
    on conflict do nothing`);
  return result.rowCount ?? 0;
}
