import { describe, expect, it } from 'vitest';
import { dashboardDays, dashboardWindowStart, fillDays, indianDate, startOfIndianDay } from './dashboard.ts';

describe('Indian calendar days', () => {
  it.each([
    ['2026-11-25T18:29:59.999Z', '2026-11-25'], // 23:59:59 IST
    ['2026-11-25T18:30:00.000Z', '2026-11-26'], // 00:00 IST the next day
    ['2026-11-26T00:00:00.000Z', '2026-11-26'],
    ['2026-12-31T19:00:00.000Z', '2027-01-01'], // New Year comes earlier in India
    ['2028-02-28T20:00:00.000Z', '2028-02-29'], // leap day
  ])('%s is %s in India', (iso, date) => {
    expect(indianDate(new Date(iso))).toBe(date);
  });

  it('a day starts at 00:00 IST, 18:30 UTC the day before', () => {
    expect(startOfIndianDay('2026-11-26').toISOString()).toBe('2026-11-25T18:30:00.000Z');
    expect(indianDate(startOfIndianDay('2026-03-01'))).toBe('2026-03-01');
    expect(indianDate(new Date(startOfIndianDay('2026-03-01').getTime() - 1))).toBe('2026-02-28');
  });
});

describe('dashboardDays', () => {
  it('names 30 consecutive days ending today in India, oldest first', () => {
    const days = dashboardDays(new Date('2026-11-26T20:00:00Z')); // already the 27th in India
    expect(days).toHaveLength(30);
    expect(days.at(-1)).toBe('2026-11-27');
    expect(days[0]).toBe('2026-10-29');
    expect(new Set(days).size).toBe(30);
    expect([...days].sort()).toEqual(days);
  });

  it('crosses month and year ends', () => {
    const days = dashboardDays(new Date('2027-01-02T06:00:00Z'), 5);
    expect(days).toEqual(['2026-12-29', '2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02']);
  });

  it('the window starts at 00:00 IST of its first day', () => {
    expect(dashboardWindowStart(new Date('2026-11-26T20:00:00Z')).toISOString()).toBe(
      '2026-10-28T18:30:00.000Z',
    );
  });
});

describe('fillDays', () => {
  const days = ['2026-11-24', '2026-11-25', '2026-11-26'];

  it('keeps the found days, zero-fills the rest, and ignores days outside the window', () => {
    expect(
      fillDays(days, [
        { date: '2026-11-26', sales: 120050, units: 3 },
        { date: '2026-11-24', cancellations: 2 },
        { date: '2026-11-01', sales: 999, units: 9 },
      ]),
    ).toEqual([
      { date: '2026-11-24', sales: 0, units: 0, cancellations: 2 },
      { date: '2026-11-25', sales: 0, units: 0, cancellations: 0 },
      { date: '2026-11-26', sales: 120050, units: 3, cancellations: 0 },
    ]);
  });

  it('adds rows of the same day (sales and cancellations come from two groupings)', () => {
    expect(
      fillDays(days, [
        { date: '2026-11-25', sales: 100, units: 1 },
        { date: '2026-11-25', cancellations: 1 },
      ])[1],
    ).toEqual({ date: '2026-11-25', sales: 100, units: 1, cancellations: 1 });
  });
});
