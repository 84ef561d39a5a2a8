import { describe, expect, it } from 'vitest';
import {
  bucketLabels,
  BUCKET_ORDER,
  entryDetail,
  isFinancialYear,
  ledgerLabel,
  payableWords,
  recentFinancialYears,
  recentMonths,
  signedRupees,
} from './labels.ts';
import { LEDGER_ENTRY_KINDS, ledgerEntryLabel } from '#shared/ledger.ts';
import { englishT as t } from '#web/lib/i18n/english-t.ts';

const entry = {
  rule: null,
  rate: null,
  base: null,
  note: null,
  qty: null,
  kind: 'adjustment' as const,
};

describe('settlement screen wording', () => {
  it("names every ledger entry in English exactly as the statement CSV does (the shared rule's words)", () => {
    for (const kind of LEDGER_ENTRY_KINDS)
      for (const reversal of [false, true])
        expect(ledgerLabel(t, { kind, reversal }), `${kind} ${String(reversal)}`).toBe(
          ledgerEntryLabel(kind, reversal),
        );
  });

  it('writes the sign of an amount in text, with a real minus sign', () => {
    expect(signedRupees(1234.5)).toBe('+₹1,234.50');
    expect(signedRupees(-0.05)).toBe('−₹0.05');
    expect(signedRupees(0)).toBe('₹0.00');
  });

  it('explains an entry by its rule, else its rate and base, else its reason or units', () => {
    expect(entryDetail(t, { ...entry, kind: 'commission', rule: 'Category markup 15%', base: 2000 })).toBe(
      'Category markup 15%',
    );
    expect(entryDetail(t, { ...entry, kind: 'tcs', rate: '0.50', base: 2000 })).toBe('0.5% of ₹2,000.00');
    expect(entryDetail(t, { ...entry, kind: 'commission_gst', rate: '18', base: 300 })).toBe(
      '18% of ₹300.00',
    );
    expect(entryDetail(t, { ...entry, note: 'Courier damage refund' })).toBe('Courier damage refund');
    expect(entryDetail(t, { ...entry, kind: 'sale', qty: 2 })).toBe('2 units');
    expect(entryDetail(t, { ...entry, kind: 'payout' })).toBeNull();
  });

  it('lists recent India months and financial years, newest first', () => {
    // 31 Mar 2027 19:00 UTC is already 1 Apr 2027 in India: a new month and a new financial year.
    const now = Date.parse('2027-03-31T19:00:00Z');
    expect(recentMonths(3, now)).toEqual(['2027-04', '2027-03', '2027-02']);
    expect(recentMonths(2, Date.parse('2027-01-15T00:00:00Z'))).toEqual(['2027-01', '2026-12']);
    expect(recentFinancialYears(2, now)).toEqual(['2027-28', '2026-27']);
    expect(recentFinancialYears(1, Date.parse('2027-03-31T18:00:00Z'))).toEqual(['2026-27']);
    expect(recentFinancialYears(1, Date.parse('2099-06-01T00:00:00Z'))).toEqual(['2099-00']);
    expect(isFinancialYear('2026-27')).toBe(true);
    expect(isFinancialYear('2099-00')).toBe(true);
    expect(isFinancialYear('2026-28')).toBe(false);
  });

  it('says a negative payable balance is carried forward', () => {
    expect(payableWords(t, -150.5)).toBe(
      '₹150.50 carried forward: it is taken from your next payable amounts.',
    );
    expect(payableWords(t, -1, true)).toBe(
      '₹1.00 carried forward: it is taken from the seller’s next payable amounts.',
    );
    expect(payableWords(t, 10)).toBeNull();
  });

  it('names an entry of a payout that came back as owed again', () => {
    expect(bucketLabels(t).returned).toBe('Payout returned — owed again');
    expect(BUCKET_ORDER.at(-1)).toBe('returned');
  });
});
