import { and, desc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import {
  ledgerEntries,
  payoutAccounts,
  payoutBatches,
  payoutItems,
  payouts,
  users,
} from '../../db/schema/index.ts';
import { enqueue } from '../../jobs/queue.ts';
import { RETURN_WINDOW_DAYS } from '#shared/fulfilment.ts';
import { UPI_LIMIT_PAISE } from './razorpayx.provider.ts';
import {
  ENDED_SHIPMENT_STATES,
  HOLDING_RETURN_STATES,
  SETTLED_SHIPMENT_STATES,
  type HoldBucket,
} from '#shared/ledger.ts';

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
 * its return window closed, no return open and no exchange parcel on its way → payable; delivered
 * otherwise → on hold; else pending.
 */
export function bucketSql(at: Date): SQL<HoldBucket> {
  return sql<HoldBucket>`(case
    when e.shipment_id is null then 'payable'
    else (select case
      when s.state in (${list(SETTLED_SHIPMENT_STATES)}) then 'payable'
      when s.state <> 'delivered' or s.delivered_at is null then 'pending'
      when s.delivered_at + make_interval(days => ${RETURN_WINDOW_DAYS}) <= ${at}
        and not exists (select 1 from return_requests rr
          where rr.shipment_id = s.id and rr.state in (${list(HOLDING_RETURN_STATES)}))
        and not exists (select 1 from return_requests rr join shipments x on x.return_request_id = rr.id
          where rr.shipment_id = s.id and x.state not in (${list(ENDED_SHIPMENT_STATES)})) then 'payable'
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
  reason: 'no_verified_account' | 'below_minimum' | 'over_upi_limit';
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
  input: {
    cutoff: Date;
    rail: 'razorpayx' | 'bank_file';
    minimum: number;
    createdBy: string | null;
    /** Filled with the sellers left out, also when no batch is made. */
    report?: { skipped: SkippedSeller[] };
  },
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
    } else if (account.method === 'upi' && amount > UPI_LIMIT_PAISE) {
      // UPI carries at most ₹1,00,000 a payout: it would fail every cycle; the seller needs a bank account.
      skipped.push({ sellerId, amount, reason: 'over_upi_limit' });
    } else toPay.push({ sellerId, amount, entries, account: accountSnapshot(account) });
  }
  if (input.report) input.report.skipped.push(...skipped);
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
  // The seller is told once that money it was sent came back. A payout never sent is not mailed: one of a
  // rejected batch, or one RazorpayX refused before taking it (given back from queued only).
  const wasSent = input.to !== 'cancelled' && input.from.some((s) => s !== 'queued' && s !== 'draft');
  if (wasSent) await queuePayoutMail(tx, row.id, 'returned');
  return row;
}

/** A seller's name for lists. */
export async function sellerNames(db: Queryable, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

// ---------------------------------------------------------------------------------------------------------
// Payout accounts
// ---------------------------------------------------------------------------------------------------------

export type PayoutAccountRow = typeof payoutAccounts.$inferSelect;

export async function payoutAccountOf(
  db: Queryable,
  sellerId: string,
): Promise<PayoutAccountRow | undefined> {
  const [row] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.sellerId, sellerId));
  return row;
}

/** Saves a seller's account; any save needs verifying again (status unverified, verification cleared). */
export async function savePayoutAccount(
  db: Queryable,
  sellerId: string,
  v: Pick<PayoutAccountRow, 'method' | 'accountHolder' | 'accountNumber' | 'ifsc' | 'vpa' | 'pan'>,
  at: Date,
): Promise<PayoutAccountRow> {
  const values = {
    ...v,
    status: 'unverified' as const,
    rejectReason: null,
    verifiedAt: null,
    verifiedBy: null,
  };
  const [row] = await db
    .insert(payoutAccounts)
    .values({ sellerId, ...values, updatedAt: at })
    .onConflictDoUpdate({ target: payoutAccounts.sellerId, set: { ...values, updatedAt: at } })
    .returning();
  return row!;
}

export async function listPayoutAccounts(
  db: Queryable,
  status?: PayoutAccountRow['status'],
): Promise<(PayoutAccountRow & { sellerName: string })[]> {
  const rows = await db
    .select({ a: payoutAccounts, sellerName: users.name })
    .from(payoutAccounts)
    .innerJoin(users, eq(users.id, payoutAccounts.sellerId))
    .where(status ? eq(payoutAccounts.status, status) : undefined)
    .orderBy(desc(payoutAccounts.updatedAt));
  return rows.map((r) => ({ ...r.a, sellerName: r.sellerName }));
}

/**
 * Verifies or rejects a seller's account; with `seen` (the updatedAt the Admin's screen showed) only if the
 * account has not changed since (undefined: no account, or it changed).
 */
export async function decidePayoutAccount(
  db: Queryable,
  sellerId: string,
  d: { approve: boolean; reason: string; by: string; at: Date; seen?: Date },
): Promise<PayoutAccountRow | undefined> {
  const [row] = await db
    .update(payoutAccounts)
    .set(
      d.approve
        ? { status: 'verified', rejectReason: null, verifiedAt: d.at, verifiedBy: d.by, updatedAt: d.at }
        : { status: 'rejected', rejectReason: d.reason, verifiedAt: null, verifiedBy: d.by, updatedAt: d.at },
    )
    .where(
      and(
        eq(payoutAccounts.sellerId, sellerId),
        d.seen
          ? sql`date_trunc('milliseconds', ${payoutAccounts.updatedAt}) = ${d.seen.toISOString()}::timestamptz`
          : undefined,
      ),
    )
    .returning();
  return row;
}

// ---------------------------------------------------------------------------------------------------------
// Batches and payouts
// ---------------------------------------------------------------------------------------------------------

export type PayoutView = PayoutRow & { sellerName: string; batchNumber: number };

export async function listBatches(db: Queryable, limit = 100): Promise<PayoutBatchRow[]> {
  return db
    .select()
    .from(payoutBatches)
    .orderBy(desc(payoutBatches.createdAt), desc(payoutBatches.number))
    .limit(limit);
}

export async function batchById(db: Queryable, id: string): Promise<PayoutBatchRow | undefined> {
  const [row] = await db.select().from(payoutBatches).where(eq(payoutBatches.id, id));
  return row;
}

/** When the newest batch was prepared (null: never). */
export async function lastBatchAt(db: Queryable): Promise<Date | null> {
  const [row] = await db
    .select({ at: payoutBatches.createdAt })
    .from(payoutBatches)
    .orderBy(desc(payoutBatches.createdAt))
    .limit(1);
  return row?.at ?? null;
}

/** The payouts of these batches, with their seller's name and batch number, by seller name. */
export async function payoutsOfBatches(db: Queryable, batchIds: string[]): Promise<PayoutView[]> {
  if (batchIds.length === 0) return [];
  const rows = await db
    .select({ p: payouts, sellerName: users.name, batchNumber: payoutBatches.number })
    .from(payouts)
    .innerJoin(users, eq(users.id, payouts.sellerId))
    .innerJoin(payoutBatches, eq(payoutBatches.id, payouts.batchId))
    .where(inArray(payouts.batchId, batchIds))
    .orderBy(users.name, payouts.id);
  return rows.map((r) => ({ ...r.p, sellerName: r.sellerName, batchNumber: r.batchNumber }));
}

export async function payoutView(db: Queryable, id: string): Promise<PayoutView | undefined> {
  const [r] = await db
    .select({ p: payouts, sellerName: users.name, batchNumber: payoutBatches.number })
    .from(payouts)
    .innerJoin(users, eq(users.id, payouts.sellerId))
    .innerJoin(payoutBatches, eq(payoutBatches.id, payouts.batchId))
    .where(eq(payouts.id, id));
  return r ? { ...r.p, sellerName: r.sellerName, batchNumber: r.batchNumber } : undefined;
}

export async function payoutById(db: Queryable, id: string): Promise<PayoutRow | undefined> {
  const [row] = await db.select().from(payouts).where(eq(payouts.id, id));
  return row;
}

/** The batch draft → approved or rejected, only from draft (undefined: it was not a draft any more). */
export async function decideBatch(
  tx: Queryable,
  id: string,
  d: { to: 'approved' | 'rejected'; by: string; at: Date },
): Promise<PayoutBatchRow | undefined> {
  const [row] = await tx
    .update(payoutBatches)
    .set({ state: d.to, decidedBy: d.by, decidedAt: d.at })
    .where(and(eq(payoutBatches.id, id), eq(payoutBatches.state, 'draft')))
    .returning();
  return row;
}

/** An approved batch's draft payouts go on: queued (for the provider) or processing (in the bank file). */
export async function releaseBatchPayouts(
  tx: Queryable,
  batchId: string,
  to: 'queued' | 'processing',
  at: Date,
): Promise<PayoutRow[]> {
  return tx
    .update(payouts)
    .set({ state: to, updatedAt: at })
    .where(and(eq(payouts.batchId, batchId), eq(payouts.state, 'draft')))
    .returning();
}

/**
 * The provider accepted the payout: keeps its payout id (unique; never replaced), counts the attempt and
 * moves queued → processing. A payout a webhook already settled keeps its state.
 */
export async function keepProviderPayout(
  tx: Queryable,
  id: string,
  providerPayoutId: string,
  at: Date,
): Promise<PayoutRow | undefined> {
  const [row] = await tx
    .update(payouts)
    .set({
      providerPayoutId: sql`coalesce(${payouts.providerPayoutId}, ${providerPayoutId})`,
      state: sql`case when ${payouts.state} = 'queued' then 'processing'::payout_state else ${payouts.state} end`,
      attempts: sql`${payouts.attempts} + 1`,
      lastError: null,
      updatedAt: at,
    })
    .where(eq(payouts.id, id))
    .returning();
  return row;
}

/** A failed attempt at the provider: counted, with its error (the job tries again). */
export async function noteAttemptFailed(tx: Queryable, id: string, error: string, at: Date): Promise<void> {
  await tx
    .update(payouts)
    .set({ attempts: sql`${payouts.attempts} + 1`, lastError: error.slice(0, 500), updatedAt: at })
    .where(eq(payouts.id, id));
}

/** queued|processing → processed with the bank's UTR; only once (undefined: not in those states). */
export async function markPayoutProcessed(
  tx: Queryable,
  id: string,
  d: { utr: string | null; at: Date; providerPayoutId?: string; rail?: PayoutRow['rail'] },
): Promise<PayoutRow | undefined> {
  const [row] = await tx
    .update(payouts)
    .set({
      state: 'processed',
      utr: d.utr,
      processedAt: d.at,
      updatedAt: d.at,
      ...(d.providerPayoutId
        ? { providerPayoutId: sql`coalesce(${payouts.providerPayoutId}, ${d.providerPayoutId})` }
        : {}),
    })
    .where(
      and(
        eq(payouts.id, id),
        inArray(payouts.state, d.rail === 'bank_file' ? ['processing'] : ['queued', 'processing']),
        d.rail ? eq(payouts.rail, d.rail) : undefined,
      ),
    )
    .returning();
  if (row) await queuePayoutMail(tx, row.id, 'sent');
  return row;
}

/** Serialises recordings of one UTR (for the transaction's length). */
export async function lockUtr(tx: Queryable, utr: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`payout-utr:${utr}`}, 0))`);
}

/** Another payout already holding this UTR, if any. */
export async function payoutWithUtr(
  db: Queryable,
  utr: string,
  exceptId: string,
): Promise<PayoutRow | undefined> {
  const [row] = await db
    .select()
    .from(payouts)
    .where(and(eq(payouts.utr, utr), ne(payouts.id, exceptId)))
    .limit(1);
  return row;
}

/** Sets the provider's payout id where it is still missing. */
export async function setProviderPayoutIfMissing(tx: Queryable, id: string, providerPayoutId: string) {
  await tx
    .update(payouts)
    .set({ providerPayoutId })
    .where(and(eq(payouts.id, id), isNull(payouts.providerPayoutId)));
}

/** The payout a provider's event is about: by the provider's payout id, else by our id (reference_id). */
export async function findPayoutForProvider(
  db: Queryable,
  providerPayoutId: string,
  referenceId: string | null,
): Promise<PayoutRow | undefined> {
  const [byProvider] = await db.select().from(payouts).where(eq(payouts.providerPayoutId, providerPayoutId));
  if (byProvider) return byProvider;
  if (!referenceId || !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(referenceId)) {
    return undefined;
  }
  return payoutById(db, referenceId);
}

/** The job that writes a payout's mail to its seller (payout-mails.ts handles it). */
export const PAYOUT_MAIL_JOB = 'payouts.mail';

/** Queues the seller's mail of a payout sent or returned, once per payout and event (its dedupe key). */
export async function queuePayoutMail(tx: Queryable, payoutId: string, event: 'sent' | 'returned') {
  await enqueue(
    tx,
    PAYOUT_MAIL_JOB,
    { payoutId, event },
    { dedupeKey: `${PAYOUT_MAIL_JOB}:${payoutId}:${event}` },
  );
}

/** A payout with its seller's name and e-mail and its batch number, for its mail. */
export async function payoutMailFacts(db: Queryable, id: string) {
  const [r] = await db
    .select({
      p: payouts,
      sellerName: users.name,
      sellerEmail: users.email,
      sellerDeletedAt: users.deletedAt,
      batchNumber: payoutBatches.number,
    })
    .from(payouts)
    .innerJoin(users, eq(users.id, payouts.sellerId))
    .innerJoin(payoutBatches, eq(payoutBatches.id, payouts.batchId))
    .where(eq(payouts.id, id));
  return r;
}
