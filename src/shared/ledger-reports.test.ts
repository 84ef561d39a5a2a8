import { describe, expect, it } from 'vitest';
import {
  financialYearMonths,
  financialYearRange,
  foldSettlementTotals,
  foldTaxWithheld,
  splitIntraState,
  type ReportEntry,
} from './ledger-reports.ts';

// 10:00 IST on a day of the India calendar.
const on = (day: string) => new Date(`${day}T10:00:00+05:30`);
const e = (
  kind: ReportEntry['kind'],
  amount: number,
  day: string,
  extra: Partial<ReportEntry> = {},
): ReportEntry => ({ kind, amount, at: on(day), reversal: false, rate: null, ...extra });

describe('financial year', () => {
  it('runs April to March on the India calendar', () => {
    expect(financialYearMonths('2026-27')).toEqual([
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
      '2026-12',
      '2027-01',
      '2027-02',
      '2027-03',
    ]);
    expect(financialYearRange('2026-27')).toEqual({
      start: new Date('2026-03-31T18:30:00Z'),
      end: new Date('2027-03-31T18:30:00Z'),
    });
    expect(() => financialYearMonths('2026-28')).toThrow(RangeError);
    expect(() => financialYearMonths('2026')).toThrow(RangeError);
  });
});

describe('foldTaxWithheld', () => {
  it('nets reversals per month, keeps one rate or none, and ignores other years', () => {
    const entries = [
      e('sale', 200000, '2026-11-03'),
      e('tcs', -1000, '2026-11-03', { rate: '0.5' }),
      e('tds', -200, '2026-11-03', { rate: '0.1' }),
      e('sale', 99900, '2026-11-20'),
      e('tcs', -500, '2026-11-20', { rate: '0.5' }),
      e('tds', -4995, '2026-11-20', { rate: '5' }),
      // A return in December of half the first sale.
      e('sale', -100000, '2026-12-01', { reversal: true }),
      e('tcs', 500, '2026-12-01', { reversal: true, rate: '0.5' }),
      e('tds', 100, '2026-12-01', { reversal: true, rate: '0.1' }),
      e('commission', -30000, '2026-11-03'),
      e('sale', 50000, '2026-03-31'),
    ];
    const { months, totals } = foldTaxWithheld(entries, '2026-27');
    expect(months.find((m) => m.month === '2026-11')).toEqual({
      month: '2026-11',
      gross: 299900,
      returned: 0,
      net: 299900,
      tcsRate: '0.5',
      tcs: 1500,
      tdsBase: 299900,
      tdsRate: null,
      tds: 5195,
    });
    expect(months.find((m) => m.month === '2026-12')).toEqual({
      month: '2026-12',
      gross: 0,
      returned: 100000,
      net: -100000,
      tcsRate: '0.5',
      tcs: -500,
      tdsBase: -100000,
      tdsRate: '0.1',
      tds: -100,
    });
    expect(months.find((m) => m.month === '2026-04')).toMatchObject({ gross: 0, tcsRate: null });
    expect(totals).toEqual({
      gross: 299900,
      returned: 100000,
      net: 199900,
      tcs: 1000,
      tdsBase: 199900,
      tds: 5095,
    });
  });

  it('puts an entry in its India month (19:00 UTC on 31 October is 1 November in India)', () => {
    const { months } = foldTaxWithheld(
      [{ kind: 'sale', amount: 100, at: new Date('2026-10-31T19:00:00Z'), reversal: false, rate: null }],
      '2026-27',
    );
    expect(months.find((m) => m.month === '2026-11')?.gross).toBe(100);
    expect(months.find((m) => m.month === '2026-10')?.gross).toBe(0);
  });
});

describe('foldSettlementTotals', () => {
  it('adds up what the operator earned and withheld, adjustments signed, payouts by processed month', () => {
    const entries = [
      e('commission', -30000, '2026-11-03'),
      e('commission_gst', -5400, '2026-11-03'),
      e('tcs', -1000, '2026-11-03'),
      e('tds', -200, '2026-11-03'),
      e('cod_fee', -2500, '2026-11-03'),
      e('commission', 15000, '2026-11-10', { reversal: true }),
      e('commission_gst', 2700, '2026-11-10', { reversal: true }),
      e('adjustment', -1234, '2026-11-12'),
      e('adjustment', 5000, '2026-11-13'),
      e('sale', 200000, '2026-11-03'),
      e('payout', -150000, '2026-11-20'),
    ];
    const { months, totals } = foldSettlementTotals(
      entries,
      [{ amount: 150000, processedAt: on('2026-12-02') }],
      '2026-27',
    );
    expect(months.find((m) => m.month === '2026-11')).toEqual({
      month: '2026-11',
      commission: 15000,
      commissionGst: 2700,
      tcs: 1000,
      tds: 200,
      codFees: 2500,
      adjustments: 3766,
      paidOut: 0,
    });
    expect(months.find((m) => m.month === '2026-12')?.paidOut).toBe(150000);
    expect(totals).toEqual({
      commission: 15000,
      commissionGst: 2700,
      tcs: 1000,
      tds: 200,
      codFees: 2500,
      adjustments: 3766,
      paidOut: 150000,
    });
  });
});

describe('splitIntraState', () => {
  it('gives CGST the odd paisa and SGST the rest, signs kept', () => {
    expect(splitIntraState(3499)).toEqual({ cgst: 1750, sgst: 1749 });
    expect(splitIntraState(1000)).toEqual({ cgst: 500, sgst: 500 });
    expect(splitIntraState(-3)).toEqual({ cgst: -2, sgst: -1 });
    expect(splitIntraState(0)).toEqual({ cgst: 0, sgst: 0 });
  });
});
