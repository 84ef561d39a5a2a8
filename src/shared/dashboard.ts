/**
 * The seller dashboard's calendar (docs/decisions/0115-seller-and-operator-views.md): days are India's
 * (Asia/Kolkata, UTC+05:30 all year, no daylight saving), so a sale at 00:30 IST counts on that Indian
 * day, not on the UTC day before. The server groups by the same day in SQL; these pure helpers name the
 * 30 days of the window and fill the days without sales with zeros.
 */

export const DASHBOARD_DAYS = 30;
export const DASHBOARD_TIME_ZONE = 'Asia/Kolkata';

const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The Indian calendar date (YYYY-MM-DD) of an instant. */
export function indianDate(at: Date): string {
  return new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant an Indian calendar date begins (00:00 IST). */
export function startOfIndianDay(date: string): Date {
  return new Date(Date.parse(`${date}T00:00:00.000Z`) - IST_OFFSET_MS);
}

/** The `days` Indian dates ending today, oldest first. */
export function dashboardDays(now: Date, days = DASHBOARD_DAYS): string[] {
  const today = Date.parse(`${indianDate(now)}T00:00:00.000Z`);
  return Array.from({ length: days }, (_, i) =>
    new Date(today - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10),
  );
}

/** When the window of `dashboardDays(now)` begins. */
export const dashboardWindowStart = (now: Date, days = DASHBOARD_DAYS): Date =>
  startOfIndianDay(dashboardDays(now, days)[0]!);

/** `sales` in minor units (paise), so adding days never meets a float. */
export type DayPoint = { date: string; sales: number; units: number; cancellations: number };

/**
 * One point per day of the window, oldest first: the rows the query found (keyed by date), zeros for the
 * other days; rows outside the window are ignored.
 */
export function fillDays(
  days: readonly string[],
  rows: readonly (Partial<DayPoint> & { date: string })[],
): DayPoint[] {
  const byDate = new Map<string, DayPoint>();
  for (const d of days) byDate.set(d, { date: d, sales: 0, units: 0, cancellations: 0 });
  for (const r of rows) {
    const p = byDate.get(r.date);
    if (!p) continue;
    p.sales += r.sales ?? 0;
    p.units += r.units ?? 0;
    p.cancellations += r.cancellations ?? 0;
  }
  return [...byDate.values()];
}
