import { describe, expect, it } from 'vitest';
import { cycleDue } from './ledger.ts';

const day = 86_400_000;
const now = new Date('2026-11-27T10:00:00Z');

describe('cycleDue', () => {
  it('is due with no batch yet', () => {
    expect(cycleDue(null, now, 7)).toBe(true);
  });
  it('waits until cycleDays have passed since the last batch, then is due', () => {
    expect(cycleDue(new Date(now.getTime() - 7 * day + 1), now, 7)).toBe(false);
    expect(cycleDue(new Date(now.getTime() - 7 * day), now, 7)).toBe(true);
    expect(cycleDue(new Date(now.getTime() - 2 * day), now, 1)).toBe(true);
    expect(cycleDue(new Date(now.getTime() - 12 * 3_600_000), now, 1)).toBe(false);
  });
  it('treats a cycle shorter than a day as one day', () => {
    expect(cycleDue(new Date(now.getTime() - 12 * 3_600_000), now, 0)).toBe(false);
  });
});
