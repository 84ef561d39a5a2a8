import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import {
  ledgerEntries,
  payoutAccounts,
  payoutBatches,
  payoutItems,
  payouts,
  users,
} from '../../db/schema/index.ts';
import { RETURN_WINDOW_DAYS } from '#shared/fulfilment.ts';
import { OPEN_RETURN_STATES, SETTLED_SHIPMENT_STATES, type HoldBucket } from '#shared/ledger.ts';

/**
 * Payouts' SQL (docs/decisions/0121-payouts.md): which entries are payable, and the one way a batch of
 * payouts is prepared and a payout's money given back. Both only insert ledger entries; an entry is
 * claimed by at most one payout (payout_items' primary key).
 */

export type PayoutRow = typeof payouts.$inferSelect;
export type PayoutBatchRow = typeof payoutBatches.$inferSelect;

const list = (xs: readonly string[]) =>
  sql.join(
    xs.map((x) => sql`${x}`),
    sql`, `,
  );

/**
 * The bucket of an entry at `at`, in SQL, for entries aliased `e` (the same rule as `holdBucket` of
 * src/shared/ledger.ts): no shipment, or a shipment cancelled or back at the seller → payable; delivered,
 * its return window closed and no return open → payable; delivered otherwise → on hold; else pending.
 */
export function bucketSql(at: Date): SQL<HoldBucket> {
  return sql<HoldBucket>`(case
    when e.shipment_id is null then 'payable'
    else (select case
      when s.state in (${list(SETTLED_SHIPMENT_STATES)}) then 'payable'
      when s.state <> 'delivered' or s.delivered_at is null then 'pending'
      when s.delivered_at + make_interval(days => ${RETURN_WINDOW_DAYS}) <= ${at}
        and not exists (select 1 from return_requests rr
          where rr.shipment_id = s.id and rr.state in (${list(OPEN_RETURN_STATES)})) then 'payable'
      else 'on_hold' end
      from shipments s where s.id = e.shipment_id)
    end)`;
}

export type UnpaidEntry = { id: string; sellerId: string; amount: number; bucket: HoldBucket };

/** A seller's (or every seller's) entries not claimed by any payout, with their bucket at `at`. */
export async function unpaidEntries(db: Queryable, at: Date, sellerId?: string): Promise<UnpaidEntry[]> {
  const result = await db.execute<{ id: string; seller_id: string; amount: string; bucket: HoldBucket }>(sql`
    select e.id, e.seller_id, e.amount::text as amount, ${bucketSql(at)} as bucket
      from ${ledgerEntries} e
     where not exists (select 1 from ${payoutItems} pi where pi.entry_id = e.id)
       ${sellerId ? sql`and e.seller_id = ${sellerId}` : sql``}
     order by e.seller_id, e.at, e.id`);
  return result.rows.map((r) => ({
    id: r.id,
    sellerId: r.seller_id,
    amount: Number(r.amount),
    bucket: r.bucket,
  }));
}

export type SkippedSeller = {
  sellerId: string;
  amount: number;
  reason: 'no_verified_account' | 'below_minimum';
};

export type PreparedBatch = { batch: PayoutBatchRow; payouts: PayoutRow[]; skipped: SkippedSeller[] };

/** The payout account as frozen on a payout (the account number in full: the bank file needs it). */
function accountSnapshot(a: typeof payoutAccounts.$inferSelect): Record<string, string> {
  return a.method === 'upi'
    ? { method: 'upi', accountHolder: a.accountHolder, vpa: a.vpa ?? '' }
    : {
        method: 'bank',
        accountHolder: a.accountHolder,
        accountNumber: a.accountNumber ?? '',
        ifsc: a.ifsc ?? '',
      };
}

/**
 * Prepares a batch (state draft) of every seller's payable balance at `cutoff`: per seller with a
 * verified payout account and a payable sum of at least `minimum` paise, a payout claiming those entries
 * and a 'payout' entry of minus the sum (claimed by the same payout, so the seller's balance drops by what
 * is on its way). A negative or small payable sum waits (carried forward). Each seller is taken under
 * an advisory lock and every claim is a primary key, so two batches prepared at once never pay an entry
 * twice: the second finds nothing left. No payout at all → no batch (undefined).
 */
export async function preparePayoutBatch(
  tx: Queryable,
  input: { cutoff: Date; rail: 'razorpayx' | 'bank_file'; minimum: number; createdBy: string | null },
): Promise<PreparedBatch | undefined> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('payout-batch', 0))`);
  const payable = (await unpaidEntries(tx, input.cutoff)).filter((e) => e.bucket === 'payable');
  const bySeller = new Map<string, UnpaidEntry[]>();
  for (const e of payable) bySeller.set(e.sellerId, [...(bySeller.get(e.sellerId) ?? []), e]);
  if (bySeller.size === 0) return undefined;

  const accounts = await tx
    .select()
    .from(payoutAccounts)
    .where(inArray(payoutAccounts.sellerId, [...bySeller.keys()]));
  const accountOf = new Map(accounts.map((a) => [a.sellerId, a]));
  const skipped: SkippedSeller[] = [];
  const toPay: {
    sellerId: string;
    amount: number;
    entries: UnpaidEntry[];
    account: Record<string, string>;
  }[] = [];
  for (const [sellerId, entries] of bySeller) {
    const amount = entries.reduce((n, e) => n + e.amount, 0);
    const account = accountOf.get(sellerId);
    if (amount < Math.max(1, input.minimum)) skipped.push({ sellerId, amount, reason: 'below_minimum' });
    else if (!account || account.status !== 'verified') {
      skipped.push({ sellerId, amount, reason: 'no_verified_account' });
    } else toPay.push({ sellerId, amount, entries, account: accountSnapshot(account) });
  }
  if (toPay.length === 0) return undefined;

  const [batch] = await tx
    .insert(payoutBatches)
    .values({ rail: input.rail, cutoff: input.cutoff, createdBy: input.createdBy })
    .returning();
  const made: PayoutRow[] = [];
  for (const p of toPay) {
    const [payout] = await tx
      .insert(payouts)
      .values({
        batchId: batch!.id,
        sellerId: p.sellerId,
        amount: p.amount,
        rail: input.rail,
        account: p.account,
      })
      .returning();
    const [entry] = await tx
      .insert(ledgerEntries)
      .values({
        sellerId: p.sellerId,
        kind: 'payout',
        amount: -p.amount,
        cause: `payout:${payout!.id}`,
        payoutId: payout!.id,
        note: `Payout in batch ${batch!.number}`,
        createdBy: input.createdBy,
        at: input.cutoff,
      })
      .returning({ id: ledgerEntries.id });
    await tx
      .insert(payoutItems)
      .values([
        ...p.entries.map((e) => ({ entryId: e.id, payoutId: payout!.id })),
        { entryId: entry!.id, payoutId: payout!.id },
      ]);
    made.push(payout!);
  }
  return { batch: batch!, payouts: made, skipped };
}

/**
 * The money of a payout is owed again (its batch was rejected, the provider refused it, or paid it and
 * took it back): moves the payout from one of `from` to `to` and writes one 'payout_reversal' entry of its
 * amount, unclaimed, so the next cycle pays it. Conditional on the state, keyed by cause: racing callers
 * (a webhook and a job) give the money back once. Undefined when the payout was not in `from`.
 */
export async function givePayoutBack(
  tx: Queryable,
  input: {
    payoutId: string;
    from: PayoutRow['state'][];
    to: 'reversed' | 'failed' | 'cancelled';
    reason: string;
    at: Date;
    by?: string | null;
  },
): Promise<PayoutRow | undefined> {
  const [row] = await tx
    .update(payouts)
    .set({
      state: input.to,
      failureReason: input.reason,
      ...(input.to === 'reversed' ? { reversedAt: input.at } : {}),
      updatedAt: input.at,
    })
    .where(and(eq(payouts.id, input.payoutId), inArray(payouts.state, input.from)))
    .returning();
  if (!row) return undefined;
  await tx
    .insert(ledgerEntries)
    .values({
      sellerId: row.sellerId,
      kind: 'payout_reversal',
      amount: row.amount,
      cause: `payout-reversal:${row.id}`,
      payoutId: row.id,
      note: input.reason,
      createdBy: input.by ?? null,
      at: input.at,
    })
    .onConflictDoNothing();
  return row;
}

/** A seller's name for lists. */
export async function sellerNames(db: Queryable, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}
