import { describe, expect, it } from 'vitest';
import type { PayoutBatchWire, PayoutWire } from '#shared/schemas/settlements.ts';
import { POLL_MS, awaitingProvider, pollInterval } from './payouts.ts';

const payout = (state: PayoutWire['state']) => ({ state }) as PayoutWire;
const batch = (over: Partial<PayoutBatchWire>): PayoutBatchWire => ({
  _id: 'b',
  number: 1,
  state: 'approved',
  rail: 'razorpayx',
  cutoff: '2026-11-27T10:00:00.000Z',
  createdAt: '2026-11-27T10:00:00.000Z',
  decidedAt: '2026-11-27T10:00:00.000Z',
  total: 500,
  count: 1,
  processed: 0,
  payouts: [payout('queued')],
  ...over,
});
const at = (iso: string) => Date.parse(iso);

describe('reading payout batches again while RazorpayX pays', () => {
  it('polls fast just after approval, slowly later, and not at all when nothing is on its way', () => {
    const queued = [batch({})];
    expect(pollInterval(queued, at('2026-11-27T10:01:59.000Z'))).toBe(POLL_MS);
    expect(pollInterval(queued, at('2026-11-27T10:02:00.000Z'))).toBe(30_000);
    // A newer approval speeds it up again.
    const both = [batch({ _id: 'c', decidedAt: '2026-11-27T11:00:00.000Z' }), ...queued];
    expect(pollInterval(both, at('2026-11-27T11:00:30.000Z'))).toBe(POLL_MS);
    expect(pollInterval([batch({ payouts: [payout('processed')] })], 0)).toBe(false);
  });

  it('waits only on approved RazorpayX batches: drafts and bank files move by hand', () => {
    expect(awaitingProvider([batch({ payouts: [payout('processing')] })])).toBe(true);
    expect(awaitingProvider([batch({ state: 'draft', payouts: [payout('draft')] })])).toBe(false);
    expect(awaitingProvider([batch({ rail: 'bank_file' })])).toBe(false);
    expect(awaitingProvider([batch({ payouts: [payout('failed'), payout('reversed')] })])).toBe(false);
  });
});
