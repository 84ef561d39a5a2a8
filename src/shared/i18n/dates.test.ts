import { describe, expect, it } from 'vitest';
import { calendarDateIn, printedDay } from './dates.ts';

describe('calendar dates in a language', () => {
  it('formats a YYYY-MM-DD date in each style, in English and Hindi', () => {
    expect(calendarDateIn('en-IN', '2026-11-27', 'day')).toBe('Fri, 27 Nov');
    expect(calendarDateIn('en-IN', '2026-11-27', 'date')).toBe('27 Nov 2026');
    expect(calendarDateIn('en-IN', '2026-11-27', 'long')).toBe('Friday, 27 November 2026');
    expect(calendarDateIn('hi-IN', '2026-11-27', 'date')).toBe('27 नव॰ 2026');
    expect(calendarDateIn('hi-IN', '2026-11-27', 'day')).toContain('27 नव॰');
  });

  it("prints documents' English dates with three-letter months", () => {
    expect(printedDay('2026-09-05')).toBe('5 Sep 2026');
    expect(printedDay('2026-11-27')).toBe('27 Nov 2026');
  });
});
