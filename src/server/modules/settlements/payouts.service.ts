import type { z } from 'zod';
import { toCsv } from '#shared/gst-returns.ts';
import { cycleDue, maskAccountNumber } from '#shared/ledger.ts';
import { formatDecimal, toWireNumber } from '#shared/money.ts';
import { isAdmin, isSeller, type Actor } from '#shared/permissions.ts';
import {
  SETTLEMENT_MSG,
  type payoutAccountForm,
  type PayoutAccountWire,
  type PayoutBatchWire,
  type PayoutWire,
} from '#shared/schemas/settlements.ts';
import type { Config } from '../../config.ts';
import type { Database, Queryable } from '../../db/client.ts';
import { enqueue } from '../../jobs/queue.ts';
import { AppError, conflict, forbidden, illegalTransition, invalid, notFound } from '../../lib/errors.ts';
import { readSettlementSettings } from './ledger.repo.ts';
import * as repo from './payouts.repo.ts';
import {
  isPayoutSandbox,
  PayoutProviderError,
  payoutMode,
  payoutProviderOf,
  verifyPayoutWebhook,
  type PayoutProvider,
  type ProviderPayout,
} from './razorpayx.provider.ts';

/**
 * Payouts (docs/decisions/0121-payouts.md): sellers' payout accounts and their verification, payout
 * batches prepared from what is payable and approved or rejected by an Admin, execution through RazorpayX
 * (or its sandbox) exactly once, the bank transfer file, and the provider's webhooks.
 */

/** The job that sends one approved payout to RazorpayX. */
export const PAYOUT_EXECUTE_JOB = 'payouts.execute';
/** The job by which the sandbox delivers its webhooks, a moment later, as RazorpayX would. */
export const PAYOUT_SANDBOX_WEBHOOK_JOB = 'payouts.razorpayx_sandbox_webhook';

export const PAYOUT_MSG = {
  accountNotFound: 'This seller has no payout account.',
  batchNotFound: 'Payout batch not found',
  payoutNotFound: 'Payout not found',
  notDraft: 'Only a draft batch can be approved or rejected.',
  notBankFile: 'Only an approved bank file batch has a bank file.',
  notRecordable: 'Only a bank file payout that is being processed can be recorded as paid.',
  utrTaken: 'This UTR is already recorded on another payout.',
  notFailable: 'Only a bank transfer payout still being processed can be marked failed.',
  accountChanged: 'The payout account changed; review it again.',
  noProvider: 'RazorpayX is not configured here: prepare the batch as a bank file instead.',
  signatureInvalid: 'The webhook signature does not match.',
} as const;

type AdminCtx = { db: Database; actor: Actor; config: Config };
type SellerCtx = { db: Queryable; actor: Actor };

const iso = (d: Date) => d.toISOString();

/** Where a payout went, as its frozen account says, the account number masked. */
export function payoutDestination(account: Record<string, string>): string {
  if (account.method === 'upi') return account.vpa ?? '';
  return `${maskAccountNumber(account.accountNumber ?? '')} · ${account.ifsc ?? ''}`;
}

export function payoutToWire(p: repo.PayoutView): PayoutWire {
  return {
    _id: p.id,
    batchId: p.batchId,
    batchNumber: p.batchNumber,
    sellerId: p.sellerId,
    sellerName: p.sellerName,
    amount: toWireNumber(p.amount),
    state: p.state,
    rail: p.rail,
    destination: payoutDestination(p.account),
    providerPayoutId: p.providerPayoutId,
    utr: p.utr,
    failureReason: p.failureReason,
    processedAt: p.processedAt ? iso(p.processedAt) : null,
    reversedAt: p.reversedAt ? iso(p.reversedAt) : null,
    createdAt: iso(p.createdAt),
  };
}

/** A payout account on the wire, the account number masked (also the statements' view). */
export function accountToWire(a: repo.PayoutAccountRow): PayoutAccountWire {
  return {
    method: a.method,
    accountHolder: a.accountHolder,
    accountNumber: a.accountNumber ? maskAccountNumber(a.accountNumber) : null,
    ifsc: a.ifsc,
    vpa: a.vpa,
    pan: a.pan,
    status: a.status,
    rejectReason: a.rejectReason,
    verifiedAt: a.verifiedAt ? iso(a.verifiedAt) : null,
    updatedAt: iso(a.updatedAt),
  };
}

function assertSeller(actor: Actor) {
  if (!isSeller(actor)) throw forbidden();
}
function assertAdmin(actor: Actor) {
  if (!isAdmin(actor)) throw forbidden();
}

// ---------------------------------------------------------------------------------------------------------
// Payout accounts
// ---------------------------------------------------------------------------------------------------------

/** GET /api/seller/payout-account: the active seller's own account, masked. */
export async function ownPayoutAccount(ctx: SellerCtx) {
  assertSeller(ctx.actor);
  const a = await repo.payoutAccountOf(ctx.db, ctx.actor.id);
  return { account: a ? accountToWire(a) : null };
}

/** PUT /api/seller/payout-account: saves the account; it needs an Admin's verification again. */
export async function saveOwnPayoutAccount(ctx: SellerCtx, form: z.output<typeof payoutAccountForm>) {
  assertSeller(ctx.actor);
  const bank = form.method === 'bank';
  const a = await repo.savePayoutAccount(
    ctx.db,
    ctx.actor.id,
    {
      method: form.method,
      accountHolder: form.accountHolder,
      accountNumber: bank ? form.accountNumber : null,
      ifsc: bank ? form.ifsc : null,
      vpa: bank ? null : form.vpa,
      pan: form.pan || null,
    },
    new Date(),
  );
  return { account: accountToWire(a) };
}

/** GET /api/admin/payout-accounts?status=: accounts with their seller, newest change first. */
export async function listPayoutAccounts(ctx: SellerCtx, status?: repo.PayoutAccountRow['status']) {
  assertAdmin(ctx.actor);
  const rows = await repo.listPayoutAccounts(ctx.db, status);
  return {
    accounts: rows.map((r) => ({ ...accountToWire(r), sellerId: r.sellerId, sellerName: r.sellerName })),
  };
}

/** PUT /api/admin/payout-accounts/:sellerId/verify: verified, or rejected with a reason. */
export async function verifyPayoutAccount(
  ctx: SellerCtx,
  sellerId: string,
  body: { approve: boolean; reason: string; updatedAt?: string | undefined },
) {
  assertAdmin(ctx.actor);
  if (!body.approve && body.reason.trim().length < 5) {
    throw invalid(SETTLEMENT_MSG.reason, [{ path: 'reason', message: SETTLEMENT_MSG.reason }]);
  }
  const a = await repo.decidePayoutAccount(ctx.db, sellerId, {
    approve: body.approve,
    reason: body.reason.trim(),
    by: ctx.actor.id,
    at: new Date(),
    ...(body.updatedAt ? { seen: new Date(body.updatedAt) } : {}),
  });
  if (!a) {
    // Not decided: no account, or (with updatedAt) the seller changed it after the Admin's screen showed it.
    if (body.updatedAt && (await repo.payoutAccountOf(ctx.db, sellerId))) {
      throw conflict(PAYOUT_MSG.accountChanged);
    }
    throw notFound(PAYOUT_MSG.accountNotFound);
  }
  return { account: accountToWire(a) };
}

// ---------------------------------------------------------------------------------------------------------
// Batches
// ---------------------------------------------------------------------------------------------------------

function batchToWire(b: repo.PayoutBatchRow, payouts: repo.PayoutView[]): PayoutBatchWire {
  const own = payouts.filter((p) => p.batchId === b.id);
  return {
    _id: b.id,
    number: b.number,
    state: b.state,
    rail: b.rail,
    cutoff: iso(b.cutoff),
    createdAt: iso(b.createdAt),
    decidedAt: b.decidedAt ? iso(b.decidedAt) : null,
    total: toWireNumber(own.reduce((n, p) => n + p.amount, 0)),
    count: own.length,
    processed: own.filter((p) => p.state === 'processed').length,
    payouts: own.map(payoutToWire),
  };
}

async function batchWire(db: Queryable, batch: repo.PayoutBatchRow): Promise<PayoutBatchWire> {
  return batchToWire(batch, await repo.payoutsOfBatches(db, [batch.id]));
}

/**
 * Prepares a draft batch of every payable balance now (POST /api/admin/payout-batches, and the cycle
 * timer with no actor). `batch` null: nobody to pay; `skipped` says who waits and why.
 */
export async function prepareBatch(
  db: Database,
  config: Config,
  input: { rail?: 'razorpayx' | 'bank_file' | undefined; createdBy: string | null; now?: Date },
) {
  const provider = payoutProviderOf(config);
  if (input.rail === 'razorpayx' && !provider) {
    throw new AppError('conflict', PAYOUT_MSG.noProvider, { code: 'provider_unavailable' });
  }
  return db.transaction(async (tx) => {
    const settings = await readSettlementSettings(tx);
    // The settings' rail, unless RazorpayX cannot be used here: then the bank file.
    const rail =
      input.rail ?? (settings.payoutRail === 'razorpayx' && !provider ? 'bank_file' : settings.payoutRail);
    const report = { skipped: [] as repo.SkippedSeller[] };
    const made = await repo.preparePayoutBatch(tx, {
      cutoff: input.now ?? new Date(),
      rail,
      minimum: settings.minimumPayoutPaise,
      createdBy: input.createdBy,
      report,
    });
    const names = await repo.sellerNames(
      tx,
      report.skipped.map((s) => s.sellerId),
    );
    return {
      batch: made ? await batchWire(tx, made.batch) : null,
      skipped: report.skipped.map((s) => ({
        sellerId: s.sellerId,
        sellerName: names.get(s.sellerId) ?? '',
        amount: toWireNumber(s.amount),
        reason: s.reason,
      })),
    };
  });
}

export async function prepareBatchAsAdmin(ctx: AdminCtx, rail?: 'razorpayx' | 'bank_file') {
  assertAdmin(ctx.actor);
  return prepareBatch(ctx.db, ctx.config, { rail, createdBy: ctx.actor.id });
}

/** GET /api/admin/payout-batches: newest first, each with its payouts. */
export async function listBatches(ctx: SellerCtx) {
  assertAdmin(ctx.actor);
  const batches = await repo.listBatches(ctx.db);
  const payouts = await repo.payoutsOfBatches(
    ctx.db,
    batches.map((b) => b.id),
  );
  return { batches: batches.map((b) => batchToWire(b, payouts)) };
}

export async function getBatch(ctx: SellerCtx, id: string) {
  assertAdmin(ctx.actor);
  const batch = await repo.batchById(ctx.db, id);
  if (!batch) throw notFound(PAYOUT_MSG.batchNotFound);
  return batchWire(ctx.db, batch);
}

/**
 * PUT …/approve: draft → approved, once (a conditional update: a second approval is a 409). RazorpayX
 * batches queue one 'payouts.execute' job per payout in the same transaction; bank file payouts go to
 * processing, as they leave in the file.
 */
export async function approveBatch(ctx: AdminCtx, id: string) {
  assertAdmin(ctx.actor);
  const found = await repo.batchById(ctx.db, id);
  if (!found) throw notFound(PAYOUT_MSG.batchNotFound);
  if (found.rail === 'razorpayx' && !payoutProviderOf(ctx.config)) {
    throw new AppError('conflict', PAYOUT_MSG.noProvider, { code: 'provider_unavailable' });
  }
  return ctx.db.transaction(async (tx) => {
    const now = new Date();
    const batch = await repo.decideBatch(tx, id, { to: 'approved', by: ctx.actor.id, at: now });
    if (!batch) throw illegalTransition(PAYOUT_MSG.notDraft, found.state);
    const released = await repo.releaseBatchPayouts(
      tx,
      batch.id,
      batch.rail === 'razorpayx' ? 'queued' : 'processing',
      now,
    );
    if (batch.rail === 'razorpayx') {
      for (const p of released) {
        await enqueue(tx, PAYOUT_EXECUTE_JOB, { payoutId: p.id }, { dedupeKey: `payout-execute:${p.id}` });
      }
    }
    return batchWire(tx, batch);
  });
}

/** PUT …/reject: draft → rejected; each payout is cancelled and its money owed again. */
export async function rejectBatch(ctx: AdminCtx, id: string, reason: string) {
  assertAdmin(ctx.actor);
  const found = await repo.batchById(ctx.db, id);
  if (!found) throw notFound(PAYOUT_MSG.batchNotFound);
  return ctx.db.transaction(async (tx) => {
    const now = new Date();
    const batch = await repo.decideBatch(tx, id, { to: 'rejected', by: ctx.actor.id, at: now });
    if (!batch) throw illegalTransition(PAYOUT_MSG.notDraft, found.state);
    for (const p of await repo.payoutsOfBatches(tx, [batch.id])) {
      await repo.givePayoutBack(tx, {
        payoutId: p.id,
        from: ['draft'],
        to: 'cancelled',
        reason: `Batch ${batch.number} rejected: ${reason}`,
        at: now,
        by: ctx.actor.id,
      });
    }
    return batchWire(tx, batch);
  });
}

/** A CSV cell that a spreadsheet will not run as a formula. */
const plain = (s: string) => (/^[=+\-@\t\r]/.test(s) ? `'${s}` : s);

/**
 * GET …/:id/bank-file: the payouts of an approved bank file batch still being processed, as a CSV for a
 * bank's bulk upload (one row each; the reference is our payout id, quoted back with the UTR).
 */
export async function bankFile(ctx: SellerCtx, id: string) {
  assertAdmin(ctx.actor);
  const batch = await repo.batchById(ctx.db, id);
  if (!batch) throw notFound(PAYOUT_MSG.batchNotFound);
  if (batch.rail !== 'bank_file' || batch.state !== 'approved') {
    throw illegalTransition(PAYOUT_MSG.notBankFile, batch.state);
  }
  const payouts = (await repo.payoutsOfBatches(ctx.db, [batch.id])).filter((p) => p.state === 'processing');
  const header = [
    'Beneficiary Name',
    'Account Number',
    'IFSC',
    'UPI ID',
    'Amount',
    'Payment Mode',
    'Reference',
    'Narration',
  ];
  const rows = payouts.map((p) => {
    const upi = p.account.method === 'upi';
    return [
      plain(p.account.accountHolder ?? p.sellerName),
      upi ? '' : (p.account.accountNumber ?? ''),
      upi ? '' : (p.account.ifsc ?? ''),
      upi ? plain(p.account.vpa ?? '') : '',
      formatDecimal(p.amount),
      payoutMode(p.account, p.amount),
      p.id,
      `Haat payout batch ${batch.number}`,
    ];
  });
  return { csv: toCsv(header, rows), filename: `haat-payout-batch-${batch.number}.csv` };
}

/** PUT /api/admin/payouts/:id/record: a bank file payout was paid; its UTR. processing → processed. */
export async function recordBankPayout(ctx: AdminCtx, id: string, utr: string): Promise<PayoutWire> {
  assertAdmin(ctx.actor);
  const found = await repo.payoutById(ctx.db, id);
  if (!found) throw notFound(PAYOUT_MSG.payoutNotFound);
  return ctx.db.transaction(async (tx) => {
    // One UTR is one transfer: under a lock on the UTR, another payout holding it is a 409.
    await repo.lockUtr(tx, utr);
    if (await repo.payoutWithUtr(tx, utr, id)) {
      throw conflict(PAYOUT_MSG.utrTaken);
    }
    const moved = await repo.markPayoutProcessed(tx, id, { utr, at: new Date(), rail: 'bank_file' });
    if (!moved) throw illegalTransition(PAYOUT_MSG.notRecordable, found.state);
    const view = await repo.payoutView(tx, id);
    return payoutToWire(view!);
  });
}

/**
 * PUT /api/admin/payouts/:id/fail: a payout stuck in queued or processing (a bank transfer the bank
 * refused, a RazorpayX payout whose job gave up) is failed and its money owed again; 409 otherwise.
 */
export async function failPayout(ctx: AdminCtx, id: string, reason: string): Promise<PayoutWire> {
  assertAdmin(ctx.actor);
  const found = await repo.payoutById(ctx.db, id);
  if (!found) throw notFound(PAYOUT_MSG.payoutNotFound);
  // A RazorpayX payout is settled only by RazorpayX (its webhooks, or the job retrying with the same
  // idempotency key): marking one failed by hand while RazorpayX may still pay it could pay twice.
  if (found.rail !== 'bank_file') throw illegalTransition(PAYOUT_MSG.notFailable, found.state);
  return ctx.db.transaction(async (tx) => {
    const back = await repo.givePayoutBack(tx, {
      payoutId: id,
      from: ['processing'],
      to: 'failed',
      reason: `Marked failed by an Admin: ${reason.trim()}`,
      at: new Date(),
      by: ctx.actor.id,
    });
    if (!back) throw illegalTransition(PAYOUT_MSG.notFailable, found.state);
    const view = await repo.payoutView(tx, id);
    return payoutToWire(view!);
  });
}

// ---------------------------------------------------------------------------------------------------------
// Execution and webhooks
// ---------------------------------------------------------------------------------------------------------

/** A payout RazorpayX created but answered in one of these states will not be paid. */
const REFUSED_STATUSES = new Set(['rejected', 'failed', 'cancelled']);

/**
 * The 'payouts.execute' job: sends a queued payout to RazorpayX with its id as the idempotency key, then
 * keeps the provider's payout id and moves it to processing in one conditional update (a webhook that was
 * first stays first). A provider error is thrown: the queue retries with the same key and the provider
 * answers the same payout. A definitive refusal gives the money back (failed).
 */
export async function executePayout(db: Database, config: Config, payoutId: string): Promise<void> {
  const payout = await repo.payoutById(db, payoutId);
  if (!payout || payout.state !== 'queued' || payout.rail !== 'razorpayx') return;
  const provider = payoutProviderOf(config);
  if (!provider) throw new Error(PAYOUT_MSG.noProvider);
  const batch = await repo.batchById(db, payout.batchId);
  let answer: ProviderPayout;
  try {
    answer = await provider.createPayout({
      idempotencyKey: payout.id,
      amountPaise: payout.amount,
      account: payout.account,
      referenceId: payout.id,
      sellerId: payout.sellerId,
      narration: `Haat payout batch ${batch?.number ?? ''}`.trim(),
    });
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    if (err instanceof PayoutProviderError && err.refused) {
      await db.transaction(async (tx) => {
        await repo.noteAttemptFailed(tx, payout.id, message, new Date());
        await repo.givePayoutBack(tx, {
          payoutId: payout.id,
          from: ['queued'],
          to: 'failed',
          reason: `RazorpayX refused the payout: ${message}`,
          at: new Date(),
        });
      });
      return;
    }
    await repo.noteAttemptFailed(db, payout.id, message, new Date());
    throw err;
  }
  await db.transaction(async (tx) => {
    const now = new Date();
    if (REFUSED_STATUSES.has(answer.status)) {
      // Created but refused at once: no webhook may follow, so the money is owed again now.
      await repo.setProviderPayoutIfMissing(tx, payout.id, answer.id);
      await repo.noteAttemptFailed(tx, payout.id, `RazorpayX answered ${answer.status}`, now);
      await repo.givePayoutBack(tx, {
        payoutId: payout.id,
        from: ['queued'],
        to: 'failed',
        reason: `RazorpayX ${answer.status} the payout${answer.reason ? `: ${answer.reason}` : ''}`,
        at: now,
      });
      return;
    }
    const kept = await repo.keepProviderPayout(tx, payout.id, answer.id, now);
    if (kept && kept.providerPayoutId !== answer.id) {
      throw new Error(`payout ${payout.id}: RazorpayX answered another payout id`);
    }
    if (answer.status === 'processed') {
      await repo.markPayoutProcessed(tx, payout.id, { utr: answer.utr ?? null, at: now });
    }
    if (isPayoutSandbox(provider)) await queueSandboxWebhooks(tx, provider, payout.id, now);
  });
}

/** The sandbox's webhooks for a payout, once each (dedupe keys), 2 s and 3 s later as RazorpayX would. */
async function queueSandboxWebhooks(
  tx: Queryable,
  provider: PayoutProvider & {
    webhooksFor(key: string): { event: string; body: string; signature: string }[];
  },
  payoutId: string,
  now: Date,
) {
  const hooks = provider.webhooksFor(payoutId);
  for (const [i, h] of hooks.entries()) {
    await enqueue(
      tx,
      PAYOUT_SANDBOX_WEBHOOK_JOB,
      { body: h.body, signature: h.signature },
      {
        dedupeKey: `razorpayx-sandbox:${payoutId}:${h.event}`,
        runAt: new Date(now.getTime() + 2000 + i * 1000),
      },
    );
  }
}

type PayoutEvent = {
  event?: string;
  payload?: {
    payout?: {
      entity?: {
        id?: unknown;
        amount?: unknown;
        utr?: unknown;
        reference_id?: unknown;
        failure_reason?: unknown;
        status_details?: { description?: unknown } | null;
      };
    };
  };
};

export type PayoutWebhookOutcome = 'processed' | 'reversed' | 'failed' | 'duplicate' | 'ignored';

/**
 * POST /api/payouts/razorpayx/webhook: the signature is checked over the raw body first. payout.processed
 * → processed (from queued or processing); payout.reversed → reversed and the money owed again;
 * payout.failed / payout.rejected → failed and the money owed again. Conditional updates and the keyed
 * reversal entry make replays and races no-ops ('duplicate'); what is not ours is 'ignored'.
 */
export async function handlePayoutWebhook(
  db: Database,
  config: Config,
  rawBody: Buffer,
  signature: unknown,
): Promise<PayoutWebhookOutcome> {
  const provider = payoutProviderOf(config);
  if (!provider?.webhookSecret) {
    throw new AppError('not_found', PAYOUT_MSG.noProvider, { code: 'provider_unavailable' });
  }
  if (!verifyPayoutWebhook(rawBody, signature, provider.webhookSecret)) {
    throw new AppError('invalid', PAYOUT_MSG.signatureInvalid, { code: 'webhook_signature_invalid' });
  }
  let event: PayoutEvent;
  try {
    event = JSON.parse(rawBody.toString('utf8')) as PayoutEvent;
  } catch {
    return 'ignored';
  }
  const entity = event.payload?.payout?.entity;
  if (!entity || typeof entity.id !== 'string') return 'ignored';
  const providerPayoutId = entity.id;
  const referenceId = typeof entity.reference_id === 'string' ? entity.reference_id : null;
  const found = await repo.findPayoutForProvider(db, providerPayoutId, referenceId);
  if (!found || found.rail !== 'razorpayx') return 'ignored';
  if (found.providerPayoutId && found.providerPayoutId !== providerPayoutId) return 'ignored';
  if (typeof entity.amount === 'number' && entity.amount !== found.amount) return 'ignored';
  const now = new Date();
  const reasonOf = (fallback: string) =>
    String(entity.status_details?.description ?? entity.failure_reason ?? '') || fallback;

  return db.transaction(async (tx): Promise<PayoutWebhookOutcome> => {
    switch (event.event) {
      case 'payout.processed': {
        const utr = typeof entity.utr === 'string' && entity.utr ? entity.utr : null;
        const moved = await repo.markPayoutProcessed(tx, found.id, { utr, at: now, providerPayoutId });
        return moved ? 'processed' : 'duplicate';
      }
      case 'payout.reversed': {
        await repo.setProviderPayoutIfMissing(tx, found.id, providerPayoutId);
        const back = await repo.givePayoutBack(tx, {
          payoutId: found.id,
          from: ['queued', 'processing', 'processed'],
          to: 'reversed',
          reason: `RazorpayX reversed the payout: ${reasonOf('returned by the bank')}`,
          at: now,
        });
        return back ? 'reversed' : 'duplicate';
      }
      case 'payout.failed':
      case 'payout.rejected': {
        await repo.setProviderPayoutIfMissing(tx, found.id, providerPayoutId);
        const back = await repo.givePayoutBack(tx, {
          payoutId: found.id,
          from: ['queued', 'processing'],
          to: 'failed',
          reason: `RazorpayX: ${event.event === 'payout.rejected' ? 'rejected' : 'failed'} (${reasonOf('no reason given')})`,
          at: now,
        });
        return back ? 'failed' : 'duplicate';
      }
      default:
        return 'ignored';
    }
  });
}

// ---------------------------------------------------------------------------------------------------------
// The settlement cycle
// ---------------------------------------------------------------------------------------------------------

/**
 * The cycle timer's step: when no batch was prepared in the last `cycleDays` days, prepares a draft batch
 * (no creator) for an Admin to approve. Before the first batch, the cycle counts from the settlement
 * settings' last change (made with the settlements install), so a fresh shop is not settled the moment it
 * starts. Returns the batch made, if any.
 */
export async function runSettlementCycle(db: Database, config: Config, now = new Date()) {
  const settings = await readSettlementSettings(db);
  const since = (await repo.lastBatchAt(db)) ?? settings.updatedAt;
  if (!cycleDue(since, now, settings.cycleDays)) return null;
  const { batch } = await prepareBatch(db, config, { createdBy: null, now });
  return batch;
}
