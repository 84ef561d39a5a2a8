/**
 * How a category's HSN code and GST rate are read (docs/product/api.md#resources). The rate of a line is
 * decided by the dated rules of src/shared/gst-rates.ts (`gstRateFor`); its split into CGST + SGST or
 * IGST by src/shared/gst.ts (`gstComponents`).
 */

/** A category's HSN code or tax rate: one value or a list whose first entry is used (docs/product/api.md#resources). */
export type MaybeList<T> = T | null | undefined | readonly (T | null | undefined)[];

export function firstEntry<T>(value: MaybeList<T>): T | undefined {
  if (Array.isArray(value)) return (value as readonly (T | null | undefined)[])[0] ?? undefined;
  return (value as T | null | undefined) ?? undefined;
}

/** The HSN code as digits only: first entry, with spaces and dots removed ('6403.99' → '640399'). */
export function normalizeHsn(hsn: MaybeList<string | number>): string {
  const first = firstEntry(hsn);
  return first === undefined ? '' : String(first).replace(/[\s.]/g, '');
}
