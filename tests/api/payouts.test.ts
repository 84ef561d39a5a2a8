import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PayoutBatchWire } from '#shared/schemas/settlements.ts';
import { assertServable, loadConfig } from '../../src/server/config.ts';
import { ledgerEntries, notifications, payoutAccounts, payouts } from '../../src/server/db/schema/index.ts';
import { makeDue } from '../../src/server/jobs/queue.ts';
import { prepareBatch, runSettlementCycle } from '../../src/server/modules/settlements/payouts.service.ts';
import {
  createRazorpayxApi,
  isPayoutSandbox,
  PayoutProviderError,
  payoutMode,
  payoutProviderOf,
  signPayoutWebhook,
  type PayoutSandbox,
} from '../../src/server/modules/settlements/razorpayx.provider.ts';
import { authHeader, createWho, type Who } from '../factories/users.ts';
import { createTestApp, type TestContext } from '../setup/test-app.ts';

/**
 * Payouts (docs/decisions/0121-payouts.md): payout accounts and their verification, batches prepared,
 * approved or rejected, RazorpayX's sandbox paying exactly once under racing webhooks, a reversed payout
 * owed and paid again, and the bank file with its UTRs.
 */

let t: TestContext;
let admin: Who;
let buyer: Who;
let asha: Who; // bank account
let bina: Who; // UPI
let chetan: Who; // bank account ending 000: the sandbox reverses its payouts
let dev: Who; // never verified
let sandbox: PayoutSandbox;

type Res = { status: number; body: any }; // eslint-disable-line @typescript-eslint/no-explicit-any

async function call(method: 'GET' | 'PUT' | 'POST', url: string, who: Who | null, payload?: unknown) {
  const res = await t.app.inject({
    method,
    url,
    headers: who ? authHeader(who.token) : {},
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
  return {
    status: res.statusCode,
    body: String(res.headers['content-type'] ?? '').includes('json') ? res.json() : res.body,
  } as Res;
}

/** Payable money at once: an adjustment has no shipment. */
async function credit(sellerId: string, paise: number) {
  await t.db.insert(ledgerEntries).values({
    sellerId,
    kind: 'adjustment',
    amount: paise,
    cause: `adjustment:${randomUUID()}`,
    note: 'Test credit',
  });
}

async function balanceOf(sellerId: string): Promise<number> {
  const r = await t.db.execute<{ b: string }>(
    sql`select coalesce(sum(amount), 0)::text as b from ledger_entries where seller_id = ${sellerId}`,
  );
  return Number(r.rows[0]!.b);
}

async function entriesOfPayout(payoutId: string) {
  return t.db
    .select({ kind: ledgerEntries.kind, amount: ledgerEntries.amount })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.payoutId, payoutId));
}

/** The types of the mails written about a payout. */
async function mailsOfPayout(payoutId: string) {
  const rows = await t.db
    .select({ type: notifications.type })
    .from(notifications)
    .where(and(eq(notifications.documentType, 'payout'), eq(notifications.documentId, payoutId)));
  return rows.map((r) => r.type);
}

/** Runs every job now, delayed ones too (the sandbox's webhooks come 2–3 s later), until none is left. */
async function runJobsNow() {
  for (let i = 0; i < 5; i++) {
    await makeDue(t.db);
    const s = await t.app.jobs.runDue();
    if (s.done + s.retried + s.failed === 0) return;
  }
}

const postWebhook = (body: string, signature: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payouts/razorpayx/webhook',
    headers: { 'content-type': 'application/json', 'x-razorpay-signature': signature },
    payload: body,
  });

async function verifiedAccount(who: Who, account: Record<string, string>) {
  const saved = await call('PUT', '/api/seller/payout-account', who, account);
  expect(saved.status).toBe(200);
  const v = await call('PUT', `/api/admin/payout-accounts/${who.user.id}/verify`, admin, { approve: true });
  expect(v.body.account.status).toBe('verified');
}

async function prepare(rail?: 'razorpayx' | 'bank_file') {
  return call('POST', '/api/admin/payout-batches', admin, rail ? { rail } : {});
}

const payoutOf = (batch: PayoutBatchWire, sellerId: string) =>
  batch.payouts.find((p) => p.sellerId === sellerId)!;

beforeAll(async () => {
  t = await createTestApp();
  const provider = payoutProviderOf(t.app.config);
  if (!isPayoutSandbox(provider)) throw new Error('expected the RazorpayX sandbox');
  sandbox = provider;
  admin = await createWho(t.db, { roles: ['Admin'], name: 'Payout Admin' });
  buyer = await createWho(t.db, { name: 'Payout Buyer' });
  const seller = (name: string) => createWho(t.db, { roles: ['Seller-Individual'], name });
  [asha, bina, chetan, dev] = await Promise.all([
    seller('Asha Textiles'),
    seller('Bina Crafts'),
    seller('Chetan Metals'),
    seller('Dev Unverified'),
  ]);
});

afterAll(async () => {
  await t?.close();
});

describe('payout accounts', () => {
  it('validates, masks, needs verifying again after each save, and Admin verifies or rejects', async () => {
    const bank = {
      method: 'bank',
      accountHolder: 'Asha Textiles',
      accountNumber: '123456789012',
      confirmAccountNumber: '123456789012',
      ifsc: 'hdfc0001234',
    };
    const bad = async (body: object) => {
      const r = await call('PUT', '/api/seller/payout-account', asha, body);
      expect(r.status).toBe(400);
      return (r.body.errors as { path: string; message: string }[]).map((e) => e.path);
    };
    expect(await bad({ ...bank, ifsc: 'HDFC1234' })).toEqual(['ifsc']);
    expect(await bad({ ...bank, accountNumber: '12345', confirmAccountNumber: '12345' })).toEqual([
      'accountNumber',
    ]);
    expect(await bad({ ...bank, confirmAccountNumber: '123456789013' })).toEqual(['confirmAccountNumber']);
    expect(await bad({ method: 'upi', accountHolder: 'Asha', vpa: 'not a upi id' })).toEqual(['vpa']);

    const saved = await call('PUT', '/api/seller/payout-account', asha, bank);
    expect(saved.status).toBe(200);
    expect(saved.body.account).toMatchObject({
      method: 'bank',
      accountNumber: 'XXXXXXXX9012',
      ifsc: 'HDFC0001234',
      vpa: null,
      status: 'unverified',
    });
    expect(
      (await call('GET', '/api/seller/payout-account', asha, undefined)).body.account.accountNumber,
    ).toBe('XXXXXXXX9012');
    expect((await call('GET', '/api/seller/payout-account', buyer)).status).toBe(403);
    expect((await call('GET', '/api/seller/payout-account', null)).status).toBe(401);

    const listed = await call('GET', '/api/admin/payout-accounts?status=unverified', admin);
    expect(listed.body.accounts.map((a: { sellerName: string }) => a.sellerName)).toEqual(['Asha Textiles']);

    const url = `/api/admin/payout-accounts/${asha.user.id}/verify`;
    expect((await call('PUT', url, admin, { approve: false, reason: 'no' })).status).toBe(400);
    const rejected = await call('PUT', url, admin, { approve: false, reason: 'Name does not match PAN' });
    expect(rejected.body.account).toMatchObject({
      status: 'rejected',
      rejectReason: 'Name does not match PAN',
    });
    const approved = await call('PUT', url, admin, { approve: true });
    expect(approved.body.account).toMatchObject({ status: 'verified', rejectReason: null });
    expect(approved.body.account.verifiedAt).not.toBeNull();
    expect((await call('PUT', url, asha, { approve: true })).status).toBe(403);
    expect(
      (await call('PUT', `/api/admin/payout-accounts/${buyer.user.id}/verify`, admin, { approve: true }))
        .status,
    ).toBe(404);

    // Saving again clears the verification.
    const again = await call('PUT', '/api/seller/payout-account', asha, bank);
    expect(again.body.account).toMatchObject({ status: 'unverified', verifiedAt: null });
    await call('PUT', url, admin, { approve: true });

    await verifiedAccount(bina, { method: 'upi', accountHolder: 'Bina Crafts', vpa: 'bina@okhdfc' });
    await verifiedAccount(chetan, {
      method: 'bank',
      accountHolder: 'Chetan Metals',
      accountNumber: '987654321000',
      confirmAccountNumber: '987654321000',
      ifsc: 'ICIC0000042',
    });
    await call('PUT', '/api/seller/payout-account', dev, {
      method: 'upi',
      accountHolder: 'Dev Unverified',
      vpa: 'dev@okaxis',
    });
  });
});

describe('payout batches through RazorpayX', () => {
  it('skips the unverified, pays once through the sandbox and its webhook, and refuses a second approval', async () => {
    expect((await prepare()).status).toBe(200); // nothing payable yet
    await credit(asha.user.id, 50_000);
    await credit(dev.user.id, 30_000);
    await credit(bina.user.id, 50); // below the ₹1.00 minimum
    // No batch yet: the first cycle counts from the settings row, made minutes ago with the database.
    expect(await runSettlementCycle(t.db, t.app.config)).toBeNull();

    const made = await prepare();
    expect(made.status).toBe(201);
    const batch = made.body.batch as PayoutBatchWire;
    expect(batch).toMatchObject({ state: 'draft', rail: 'razorpayx', count: 1, total: 500, processed: 0 });
    expect(batch.payouts[0]).toMatchObject({
      sellerName: 'Asha Textiles',
      amount: 500,
      state: 'draft',
      destination: 'XXXXXXXX9012 · HDFC0001234',
    });
    expect(made.body.skipped).toEqual(
      [
        { sellerId: bina.user.id, sellerName: 'Bina Crafts', amount: 0.5, reason: 'below_minimum' },
        { sellerId: dev.user.id, sellerName: 'Dev Unverified', amount: 300, reason: 'no_verified_account' },
      ].sort((a, b) => a.sellerId.localeCompare(b.sellerId)),
    );
    expect(await balanceOf(asha.user.id)).toBe(0);

    const approved = await call('PUT', `/api/admin/payout-batches/${batch._id}/approve`, admin);
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ state: 'approved' });
    expect(approved.body.payouts[0].state).toBe('queued');
    const twice = await call('PUT', `/api/admin/payout-batches/${batch._id}/approve`, admin);
    expect(twice.status).toBe(409);
    expect(
      (await call('PUT', `/api/admin/payout-batches/${batch._id}/reject`, admin, { reason: 'Too late now' }))
        .status,
    ).toBe(409);

    await runJobsNow();
    const done = (await call('GET', `/api/admin/payout-batches/${batch._id}`, admin)).body as PayoutBatchWire;
    const p = done.payouts[0]!;
    expect(p.state).toBe('processed');
    expect(p.providerPayoutId).toMatch(/^pout_SBX/);
    expect(p.utr).toMatch(/^SBXUTR/);
    expect(done.processed).toBe(1);
    expect(await balanceOf(asha.user.id)).toBe(0);
    expect(await entriesOfPayout(p._id)).toEqual([{ kind: 'payout', amount: -50_000 }]);

    const list = await call('GET', '/api/admin/payout-batches', admin);
    expect(list.body.batches.map((b: PayoutBatchWire) => b.number)).toEqual([batch.number]);
  });

  it('pays exactly once when the webhook races the job and is delivered again', async () => {
    await credit(asha.user.id, 20_000);
    const batch = (await prepare()).body.batch as PayoutBatchWire;
    const payoutId = payoutOf(batch, asha.user.id)._id;
    await call('PUT', `/api/admin/payout-batches/${batch._id}/approve`, admin);

    // RazorpayX already took the payout (an earlier attempt's answer was lost): its webhook is on the way.
    const first = await sandbox.createPayout({
      idempotencyKey: payoutId,
      amountPaise: 20_000,
      account: {
        method: 'bank',
        accountHolder: 'Asha Textiles',
        accountNumber: '123456789012',
        ifsc: 'HDFC0001234',
      },
      referenceId: payoutId,
      sellerId: asha.user.id,
      narration: 'x',
    });
    const [hook] = sandbox.webhooksFor(payoutId);
    const answers = await Promise.all([
      t.app.jobs.runDue(),
      postWebhook(hook!.body, hook!.signature),
      postWebhook(hook!.body, hook!.signature),
    ]);
    expect(answers.slice(1).map((r) => (r as { statusCode: number }).statusCode)).toEqual([200, 200]);
    await Promise.all([postWebhook(hook!.body, hook!.signature), runJobsNow()]);
    expect((await postWebhook(hook!.body, hook!.signature)).json()).toEqual({ status: 'duplicate' });

    const [row] = await t.db.select().from(payouts).where(eq(payouts.id, payoutId));
    expect(row).toMatchObject({ state: 'processed', providerPayoutId: first.id });
    expect(row!.utr).toMatch(/^SBXUTR/);
    const sameProviderId = await t.db.select().from(payouts).where(eq(payouts.providerPayoutId, first.id));
    expect(sameProviderId).toHaveLength(1);
    expect([...sandbox.payouts.values()].filter((p) => p.referenceId === payoutId)).toHaveLength(1);
    expect(await entriesOfPayout(payoutId)).toEqual([{ kind: 'payout', amount: -20_000 }]);
    expect(await balanceOf(asha.user.id)).toBe(0);
    // The seller is told once.
    await runJobsNow();
    expect(await mailsOfPayout(payoutId)).toEqual(['payout_sent']);
  });

  it('gives a reversed payout back once, pays it again next batch, and a rejected batch gives money back', async () => {
    await credit(chetan.user.id, 40_000);
    const batch = (await prepare()).body.batch as PayoutBatchWire;
    expect(batch.payouts.map((p) => p.sellerName)).toEqual(['Chetan Metals']);
    const payoutId = batch.payouts[0]!._id;
    await call('PUT', `/api/admin/payout-batches/${batch._id}/approve`, admin);
    await runJobsNow(); // the job, then payout.processed, then payout.reversed

    const hooks = sandbox.webhooksFor(payoutId);
    expect(hooks.map((h) => h.event)).toEqual(['payout.processed', 'payout.reversed']);
    const reversedHook = hooks[1]!;
    const again = await Promise.all([
      postWebhook(reversedHook.body, reversedHook.signature),
      postWebhook(reversedHook.body, reversedHook.signature),
    ]);
    expect(again.map((r) => r.json().status)).toEqual(['duplicate', 'duplicate']);

    const [row] = await t.db.select().from(payouts).where(eq(payouts.id, payoutId));
    expect(row!.state).toBe('reversed');
    expect(row!.reversedAt).not.toBeNull();
    expect((await entriesOfPayout(payoutId)).sort((a, b) => a.amount - b.amount)).toEqual([
      { kind: 'payout', amount: -40_000 },
      { kind: 'payout_reversal', amount: 40_000 },
    ]);
    expect(await balanceOf(chetan.user.id)).toBe(40_000);
    await runJobsNow();
    // Told once that it came back; told it was sent only if it was processed before it came back (the
    // two sandbox webhooks may run in either order here).
    expect((await mailsOfPayout(payoutId)).sort()).toEqual(
      row!.processedAt ? ['payout_returned', 'payout_sent'] : ['payout_returned'],
    );

    // The next batch pays it again; rejecting that batch cancels the payout and owes the money again.
    const next = (await prepare()).body.batch as PayoutBatchWire;
    const repaid = payoutOf(next, chetan.user.id);
    expect(repaid.amount).toBe(400);
    expect(await balanceOf(chetan.user.id)).toBe(0);
    const short = await call('PUT', `/api/admin/payout-batches/${next._id}/reject`, admin, { reason: 'no' });
    expect(short.status).toBe(400);
    const rejected = await call('PUT', `/api/admin/payout-batches/${next._id}/reject`, admin, {
      reason: 'Checking the account first',
    });
    expect(rejected.body.state).toBe('rejected');
    expect(payoutOf(rejected.body, chetan.user.id)).toMatchObject({ state: 'cancelled' });
    expect(await balanceOf(chetan.user.id)).toBe(40_000);
    expect((await call('PUT', `/api/admin/payout-batches/${next._id}/approve`, admin)).status).toBe(409);
    // A payout never sent (its batch rejected) mails nobody.
    await runJobsNow();
    expect(await mailsOfPayout(repaid._id)).toEqual([]);
  });
});

describe('bank file batches', () => {
  it('writes the bulk transfer CSV and records the UTR of each payout once', async () => {
    await credit(asha.user.id, 12_345);
    await credit(bina.user.id, 4_950); // with the ₹0.50 left from before: ₹50.00
    const made = await prepare('bank_file');
    const batch = made.body.batch as PayoutBatchWire;
    expect(batch.rail).toBe('bank_file');
    expect(batch.payouts.map((p) => [p.sellerName, p.amount, p.destination])).toEqual([
      ['Asha Textiles', 123.45, 'XXXXXXXX9012 · HDFC0001234'],
      ['Bina Crafts', 50, 'bina@okhdfc'],
      ['Chetan Metals', 400, 'XXXXXXXX1000 · ICIC0000042'],
    ]);
    const fileUrl = `/api/admin/payout-batches/${batch._id}/bank-file`;
    expect((await call('GET', fileUrl, admin)).status).toBe(409); // not approved yet

    const approved = await call('PUT', `/api/admin/payout-batches/${batch._id}/approve`, admin);
    expect(approved.body.payouts.map((p: { state: string }) => p.state)).toEqual([
      'processing',
      'processing',
      'processing',
    ]);
    const file = await t.app.inject({ method: 'GET', url: fileUrl, headers: authHeader(admin.token) });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/^text\/csv/);
    const [a, b, c] = batch.payouts.map((p) => p._id);
    const n = batch.number;
    expect(file.body).toBe(
      [
        'Beneficiary Name,Account Number,IFSC,UPI ID,Amount,Payment Mode,Reference,Narration',
        `Asha Textiles,123456789012,HDFC0001234,,123.45,IMPS,${a},Haat payout batch ${n}`,
        `Bina Crafts,,,bina@okhdfc,50.00,UPI,${b},Haat payout batch ${n}`,
        `Chetan Metals,987654321000,ICIC0000042,,400.00,IMPS,${c},Haat payout batch ${n}`,
        '',
      ].join('\r\n'),
    );
    expect((await call('GET', fileUrl, asha)).status).toBe(403);

    const record = (id: string, utr: string, who: Who = admin) =>
      call('PUT', `/api/admin/payouts/${id}/record`, who, { utr });
    expect((await record(a!, 'bad')).status).toBe(400);
    const recorded = await record(a!, 'HDFCN52026112700001');
    expect(recorded.status).toBe(200);
    expect(recorded.body).toMatchObject({ state: 'processed', utr: 'HDFCN52026112700001' });
    expect(recorded.body.processedAt).not.toBeNull();
    expect((await record(a!, 'HDFCN52026112700002')).status).toBe(409);
    expect((await record(b!, 'HDFCN52026112700003', asha)).status).toBe(403);
    expect((await record(randomUUID(), 'HDFCN52026112700003')).status).toBe(404);
    // A RazorpayX payout is not recorded by hand.
    const [rx] = await t.db
      .select({ id: payouts.id })
      .from(payouts)
      .where(and(eq(payouts.rail, 'razorpayx'), eq(payouts.state, 'processed')))
      .limit(1);
    expect((await record(rx!.id, 'HDFCN52026112700004')).status).toBe(409);
    // Only the payouts not yet recorded stay in the file.
    const later = await t.app.inject({ method: 'GET', url: fileUrl, headers: authHeader(admin.token) });
    expect(later.body.split('\r\n').filter(Boolean)).toHaveLength(3);
  });
});

describe('guards, signatures and the cycle', () => {
  it('keeps admin routes to Admin, refuses a bad signature and ignores payouts not ours', async () => {
    for (const who of [asha, buyer]) {
      expect((await call('GET', '/api/admin/payout-batches', who)).status).toBe(403);
      expect((await call('POST', '/api/admin/payout-batches', who, {})).status).toBe(403);
      expect((await call('GET', '/api/admin/payout-accounts', who)).status).toBe(403);
    }
    expect((await call('GET', '/api/admin/payout-batches', null)).status).toBe(401);
    expect((await call('GET', `/api/admin/payout-batches/${randomUUID()}`, admin)).status).toBe(404);

    const body = JSON.stringify({
      event: 'payout.processed',
      payload: { payout: { entity: { id: 'pout_unknown', amount: 100, reference_id: randomUUID() } } },
    });
    expect((await postWebhook(body, 'f'.repeat(64))).statusCode).toBe(400);
    expect((await postWebhook(body, 'nonsense')).statusCode).toBe(400);
    const ok = await postWebhook(body, signPayoutWebhook(body, sandbox.webhookSecret));
    expect(ok.json()).toEqual({ status: 'ignored' });
  });

  it('prepares a draft batch when a cycle is due, and not before', async () => {
    await credit(asha.user.id, 1_000);
    expect(await runSettlementCycle(t.db, t.app.config)).toBeNull(); // a batch was prepared moments ago
    const later = new Date(Date.now() + 8 * 86_400_000);
    const batch = await runSettlementCycle(t.db, t.app.config, later);
    expect(batch).toMatchObject({ state: 'draft', rail: 'razorpayx' });
    expect(payoutOf(batch!, asha.user.id).amount).toBe(10);

    // Where RazorpayX cannot be used (production without keys), the cycle falls back to the bank file.
    const noProvider = { ...t.app.config, production: true };
    await credit(asha.user.id, 2_000);
    const fallback = await runSettlementCycle(t.db, noProvider, new Date(later.getTime() + 8 * 86_400_000));
    expect(fallback).toMatchObject({ state: 'draft', rail: 'bank_file' });
    expect(payoutOf(fallback!, asha.user.id).amount).toBe(20);
    await expect(
      prepareBatch(t.db, noProvider, { rail: 'razorpayx', createdBy: null }),
    ).rejects.toMatchObject({
      code: 'provider_unavailable',
    });
    const accounts = await t.db.select().from(payoutAccounts).where(eq(payoutAccounts.sellerId, dev.user.id));
    expect(accounts[0]!.status).toBe('unverified');
  });
});

describe('refusals and the real client', () => {
  it('gives the money back when RazorpayX refuses a payout', async () => {
    await call('PUT', '/api/seller/payout-account', bina, {
      method: 'upi',
      accountHolder: 'Bina Crafts',
      vpa: 'invalid@okhdfc',
    });
    await call('PUT', `/api/admin/payout-accounts/${bina.user.id}/verify`, admin, { approve: true });
    await credit(bina.user.id, 7_500);
    const batch = (await prepare('razorpayx')).body.batch as PayoutBatchWire;
    const payoutId = payoutOf(batch, bina.user.id)._id;
    await call('PUT', `/api/admin/payout-batches/${batch._id}/approve`, admin);
    await runJobsNow();
    const [row] = await t.db.select().from(payouts).where(eq(payouts.id, payoutId));
    expect(row).toMatchObject({ state: 'failed', providerPayoutId: null, attempts: 1 });
    expect(row!.failureReason).toMatch(/^RazorpayX refused the payout/);
    expect((await entriesOfPayout(payoutId)).sort((a, b) => a.amount - b.amount)).toEqual([
      { kind: 'payout', amount: -7_500 },
      { kind: 'payout_reversal', amount: 7_500 },
    ]);
  });

  it('sends RazorpayX the payout with basic auth and the idempotency key, and refuses half-set keys', async () => {
    type Seen = { url: string; headers: http.IncomingHttpHeaders; body: string };
    const seen: Seen[] = [];
    const server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        seen.push({ url: req.url ?? '', headers: req.headers, body });
        const refuse = seen.length > 1;
        res.writeHead(refuse ? 400 : 200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify(
            refuse
              ? { error: { code: 'BAD_REQUEST_ERROR', description: 'Invalid IFSC' } }
              : { id: 'pout_real123', status: 'queued' },
          ),
        );
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const api = createRazorpayxApi({
        keyId: 'rzp_live_k',
        keySecret: 's3cret',
        accountNumber: '2323230000000000',
        webhookSecret: 'whsec',
        baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      });
      const payoutId = randomUUID();
      const input = {
        idempotencyKey: payoutId,
        amountPaise: 12_345,
        account: {
          method: 'bank',
          accountHolder: 'Asha Textiles',
          accountNumber: '123456789012',
          ifsc: 'HDFC0001234',
        },
        referenceId: payoutId,
        sellerId: asha.user.id,
        narration: 'Haat payout batch 7',
      };
      expect(await api.createPayout(input)).toEqual({ id: 'pout_real123', status: 'queued' });
      const [first] = seen;
      expect(first!.url).toBe('/v1/payouts');
      expect(first!.headers.authorization).toBe(
        `Basic ${Buffer.from('rzp_live_k:s3cret').toString('base64')}`,
      );
      expect(first!.headers['x-payout-idempotency']).toBe(payoutId);
      expect(JSON.parse(first!.body)).toEqual({
        account_number: '2323230000000000',
        fund_account: {
          account_type: 'bank_account',
          bank_account: { name: 'Asha Textiles', ifsc: 'HDFC0001234', account_number: '123456789012' },
          contact: { name: 'Asha Textiles', type: 'vendor', reference_id: asha.user.id },
        },
        amount: 12_345,
        currency: 'INR',
        mode: 'IMPS',
        purpose: 'payout',
        queue_if_low_balance: true,
        reference_id: payoutId,
        narration: 'Haat payout batch 7',
      });
      const refused = await api.createPayout(input).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(PayoutProviderError);
      expect((refused as PayoutProviderError).refused).toBe(true);
    } finally {
      await new Promise((r) => server.close(r));
    }
    expect(() => assertServable(loadConfig({ RAZORPAYX_KEY_ID: 'k' }))).toThrow(/RAZORPAYX_KEY_SECRET/);
    expect(() => assertServable(loadConfig({ RAZORPAYX_KEY_ID: 'k', RAZORPAYX_KEY_SECRET: 's' }))).toThrow(
      /RAZORPAYX_ACCOUNT_NUMBER/,
    );
  });
});

describe('review fixes: limits, stale verification, refusals answered at once, stuck payouts, UTRs', () => {
  it('picks IMPS up to ₹5,00,000 and NEFT above, and skips a UPI payout above ₹1,00,000', async () => {
    const bank = { method: 'bank', accountHolder: 'A', accountNumber: '123456789012', ifsc: 'HDFC0001234' };
    expect(payoutMode(bank, 5_00_000_00)).toBe('IMPS');
    expect(payoutMode(bank, 5_00_000_01)).toBe('NEFT');
    expect(payoutMode({ method: 'upi', accountHolder: 'B', vpa: 'b@okhdfc' }, 1_00_000_00)).toBe('UPI');

    const before = await balanceOf(bina.user.id); // bina is paid by UPI
    await credit(bina.user.id, 1_00_000_01 - before);
    const made = await prepare('razorpayx');
    const skipped = (made.body.skipped as { sellerId: string }[]).find((s) => s.sellerId === bina.user.id);
    expect(skipped).toEqual({
      sellerId: bina.user.id,
      sellerName: 'Bina Crafts',
      amount: 100000.01,
      reason: 'over_upi_limit',
    });
    if (made.body.batch) {
      await call('PUT', `/api/admin/payout-batches/${made.body.batch._id}/reject`, admin, {
        reason: 'Cleared for the next test',
      });
    }
  });

  it('verifies only the account the Admin saw', async () => {
    const form = (n: string) => ({
      method: 'bank',
      accountHolder: 'Dev Unverified',
      accountNumber: n,
      confirmAccountNumber: n,
      ifsc: 'SBIN0000001',
    });
    const first = await call('PUT', '/api/seller/payout-account', dev, form('111122223333'));
    const seen = first.body.account.updatedAt as string;
    const second = await call('PUT', '/api/seller/payout-account', dev, form('444455556666'));
    expect(second.body.account.updatedAt).not.toBe(seen);
    const url = `/api/admin/payout-accounts/${dev.user.id}/verify`;
    const stale = await call('PUT', url, admin, { approve: true, updatedAt: seen });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe('The payout account changed; review it again.');
    expect((await call('PUT', url, admin, { approve: true, updatedAt: 'yesterday' })).status).toBe(400);
    const ok = await call('PUT', url, admin, { approve: true, updatedAt: second.body.account.updatedAt });
    expect(ok.status).toBe(200);
    expect(ok.body.account).toMatchObject({ status: 'verified', accountNumber: 'XXXXXXXX6666' });
  });

  it('gives a payout RazorpayX answers rejected back at once, and Admin fails a stuck payout; a UTR pays one payout', async () => {
    await verifiedAccount(chetan, {
      method: 'bank',
      accountHolder: 'Chetan Metals',
      accountNumber: '987654321999',
      confirmAccountNumber: '987654321999',
      ifsc: 'ICIC0000042',
    });
    const owed = await balanceOf(chetan.user.id);
    await credit(chetan.user.id, 25_000);
    const rx = (await prepare('razorpayx')).body.batch as PayoutBatchWire;
    const rejectedId = payoutOf(rx, chetan.user.id)._id;
    await call('PUT', `/api/admin/payout-batches/${rx._id}/approve`, admin);
    // A RazorpayX payout is never failed by hand: RazorpayX may still pay it (only its answers settle it).
    const byHand = await call('PUT', `/api/admin/payouts/${rejectedId}/fail`, admin, {
      reason: 'Not on the dashboard',
    });
    expect(byHand.status).toBe(409);
    await runJobsNow();
    const [row] = await t.db.select().from(payouts).where(eq(payouts.id, rejectedId));
    expect(row).toMatchObject({ state: 'failed', attempts: 1 });
    expect(row!.providerPayoutId).toMatch(/^pout_SBX/);
    expect(row!.failureReason).toBe('RazorpayX rejected the payout: Sandbox: beneficiary account rejected');
    expect(await balanceOf(chetan.user.id)).toBe(owed + 25_000);

    await credit(asha.user.id, 3_000);
    const bank = (await prepare('bank_file')).body.batch as PayoutBatchWire;
    await call('PUT', `/api/admin/payout-batches/${bank._id}/approve`, admin);
    const a = payoutOf(bank, asha.user.id)._id;
    const c = payoutOf(bank, chetan.user.id)._id;
    const record = (id: string, utr: string) =>
      call('PUT', `/api/admin/payouts/${id}/record`, admin, { utr });
    expect((await record(a, 'DUPUTR2026112701')).status).toBe(200);
    const dup = await record(c, 'duputr2026112701');
    expect(dup.status).toBe(409); // the same UTR in small letters
    expect(dup.body.message).toBe('This UTR is already recorded on another payout.');

    const fail = (id: string, reason: string, who: Who = admin) =>
      call('PUT', `/api/admin/payouts/${id}/fail`, who, { reason });
    expect((await fail(c, 'no')).status).toBe(400);
    expect((await fail(c, 'Bank returned it: account closed', asha)).status).toBe(403);
    expect((await fail(randomUUID(), 'Bank returned it: account closed')).status).toBe(404);
    const failed = await fail(c, 'Bank returned it: account closed');
    expect(failed.status).toBe(200);
    expect(failed.body).toMatchObject({
      state: 'failed',
      failureReason: 'Marked failed by an Admin: Bank returned it: account closed',
    });
    expect((await fail(c, 'Bank returned it: account closed')).status).toBe(409);
    expect((await fail(a, 'Bank returned it: account closed')).status).toBe(409); // processed
    expect(await balanceOf(chetan.user.id)).toBe(owed + 25_000);
    expect((await entriesOfPayout(c)).map((e) => e.kind).sort()).toEqual(['payout', 'payout_reversal']);
  });
});
