import { describe, expect, it } from 'vitest';
import { englishT as t } from '#web/lib/i18n/english-t.ts';
import { monthName, previousMonth, ruleStatus, slabText, thisMonth } from './format.ts';

describe('GST screen wording', () => {
  it('says slabs in whole rupees by the price of one piece', () => {
    expect(slabText({ fromPaise: 0, toPaise: 250_000, basis: 'piece' }, t)).toBe('Up to ₹2,500');
    expect(slabText({ fromPaise: 250_001, toPaise: null, basis: 'piece' }, t)).toBe('Above ₹2,500');
    expect(slabText({ fromPaise: 100_001, toPaise: 250_000, basis: 'piece' }, t)).toBe(
      'Above ₹1,000, up to ₹2,500',
    );
    expect(slabText({ fromPaise: 0, toPaise: null, basis: 'piece' }, t)).toBe('Any price');
    expect(slabText({ fromPaise: 0, toPaise: 100_050, basis: 'piece_or_line' }, t)).toBe(
      'Up to ₹1,000.50 (piece or line)',
    );
  });

  it('marks a rule in force, future or past on an India date, both ends inclusive', () => {
    const rule = { effectiveFrom: '2025-09-22', effectiveTo: '2026-11-30' };
    expect(ruleStatus(rule, '2025-09-21')).toBe('future');
    expect(ruleStatus(rule, '2025-09-22')).toBe('in_force');
    expect(ruleStatus(rule, '2026-11-30')).toBe('in_force');
    expect(ruleStatus(rule, '2026-12-01')).toBe('past');
    expect(ruleStatus({ effectiveFrom: '2025-09-22', effectiveTo: null }, '2099-01-01')).toBe('in_force');
  });

  it('names months on the India calendar', () => {
    expect(previousMonth('2026-01')).toBe('2025-12');
    expect(previousMonth('2026-11')).toBe('2026-10');
    expect(monthName('2026-10')).toBe('October 2026');
    // 31 Oct 2026 19:00 UTC is already 1 Nov in India.
    expect(thisMonth(Date.UTC(2026, 9, 31, 19, 0))).toBe('2026-11');
  });
});
