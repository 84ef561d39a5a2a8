import { describe, expect, it } from 'vitest';
import {
  csvCell,
  dayBefore,
  gstr1Csv,
  gstr8Csv,
  indiaMonthOf,
  indiaMonthRange,
  planRateChange,
  previousMonth,
  returnDate,
  rulesOfRateChange,
  toCsv,
  type ReturnDocument,
} from './gst-returns.ts';

describe('rate changes', () => {
  it('turns slabs into rules from ₹0, each next from the paisa after the previous limit', () => {
    const rules = rulesOfRateChange({
      hsnPrefix: '61',
      categoryId: '',
      effectiveFrom: '2027-04-01',
      slabs: [
        { upToInr: '1000', rate: '5' },
        { upToInr: '2500.50', rate: '12.0' },
        { upToInr: '', rate: '18' },
      ],
      note: 'Notification 9/2027',
    });
    expect(rules.map((r) => [r.fromPaise, r.toPaise, r.rate, r.basis])).toEqual([
      [0, 100_000, '5', 'piece'],
      [100_001, 250_050, '12', 'piece'],
      [250_051, null, '18', 'piece'],
    ]);
    expect(rules.every((r) => r.hsnPrefix === '61' && r.categoryId === null)).toBe(true);
    expect(rules.every((r) => r.effectiveFrom === '2027-04-01' && r.effectiveTo === null)).toBe(true);
  });

  it('keys a category change by the category', () => {
    const [rule] = rulesOfRateChange({
      hsnPrefix: '',
      categoryId: 'c1',
      effectiveFrom: '2027-01-01',
      slabs: [{ upToInr: '', rate: '3' }],
      note: '',
    });
    expect(rule).toMatchObject({ hsnPrefix: null, categoryId: 'c1', fromPaise: 0, toPaise: null, rate: '3' });
  });

  it('closes the rules still open on the new date the day before, and removes those not yet started', () => {
    const plan = planRateChange(
      [
        { id: 'old', effectiveFrom: '2017-07-01', effectiveTo: '2025-09-21' },
        { id: 'open', effectiveFrom: '2025-09-22', effectiveTo: null },
        { id: 'ends-later', effectiveFrom: '2025-09-22', effectiveTo: '2027-12-31' },
        { id: 'future', effectiveFrom: '2027-03-01', effectiveTo: null },
        { id: 'same-day', effectiveFrom: '2027-03-01', effectiveTo: '2027-06-30' },
      ],
      '2027-03-01',
    );
    expect(plan.close).toEqual([
      { id: 'open', effectiveTo: '2027-02-28' },
      { id: 'ends-later', effectiveTo: '2027-02-28' },
    ]);
    expect(plan.remove).toEqual(['future', 'same-day']);
  });

  it('knows the day before across months and leap years', () => {
    expect(dayBefore('2028-03-01')).toBe('2028-02-29');
    expect(dayBefore('2027-01-01')).toBe('2026-12-31');
  });
});

describe('India months', () => {
  it('runs from midnight IST to midnight IST', () => {
    const { start, end } = indiaMonthRange('2026-11');
    expect(start.toISOString()).toBe('2026-10-31T18:30:00.000Z');
    expect(end.toISOString()).toBe('2026-11-30T18:30:00.000Z');
    expect(indiaMonthOf(new Date('2026-10-31T18:30:00Z'))).toBe('2026-11');
    expect(indiaMonthOf(new Date('2026-10-31T18:29:59Z'))).toBe('2026-10');
    expect(previousMonth('2027-01')).toBe('2026-12');
    expect(() => indiaMonthRange('2026-13')).toThrow(RangeError);
  });
});

describe('CSV', () => {
  it('quotes cells with commas, quotes and line breaks, doubling quotes', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('Shah, Sons')).toBe('"Shah, Sons"');
    expect(csvCell('The "Best" Shop')).toBe('"The ""Best"" Shop"');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(12.5)).toBe('12.5');
    expect(toCsv(['a', 'b'], [['1', 'x,y']])).toBe('a,b\r\n1,"x,y"\r\n');
  });

  it('writes dates as the offline tool does, on the India calendar', () => {
    expect(returnDate('2026-11-04T20:00:00Z')).toBe('05-Nov-2026');
  });
});

const line = (o: Partial<ReturnDocument['lines'][number]> = {}) => ({
  hsn: '6109',
  unit: 'PCS',
  qty: 2,
  taxableValue: 200_000,
  rate: '5',
  cgst: 0,
  sgst: 0,
  igst: 10_000,
  ...o,
});

const doc = (o: Partial<ReturnDocument>): ReturnDocument => ({
  kind: 'invoice',
  number: 'INV/26-27/000001',
  issuedAt: '2026-11-05T06:00:00Z',
  sellerId: 's1',
  supplierGstin: '27AAPFU0939F1ZV',
  supplierName: 'Seller, One',
  placeOfSupply: '29',
  intraState: false,
  recipientGstin: null,
  recipientName: 'Asha',
  total: 210_000,
  taxableValue: 200_000,
  refersTo: null,
  ecommerceGstin: '29AAGCB7383J1Z4',
  lines: [line()],
  ...o,
});

const rowsOf = (csv: string) => csv.trimEnd().split('\r\n');

describe('GSTR-1', () => {
  const b2b = doc({
    number: 'INV/26-27/000002',
    recipientGstin: '29AAGCB7383J1Z4',
    recipientName: 'Acme, "Traders"',
    total: 336_000,
    taxableValue: 300_000,
    lines: [
      line(),
      line({ hsn: '6403', unit: 'PRS', qty: 1, taxableValue: 100_000, rate: '18', igst: 18_000 }),
    ],
  });
  const consumer1 = doc({});
  const consumer2 = doc({
    number: 'INV/26-27/000003',
    placeOfSupply: '27',
    intraState: true,
    lines: [line({ qty: 1, taxableValue: 100_000, igst: 0, cgst: 2_500, sgst: 2_500 })],
    taxableValue: 100_000,
    total: 105_000,
  });
  const note = doc({
    kind: 'credit_note',
    number: 'CN/26-27/000001',
    issuedAt: '2026-11-20T06:00:00Z',
    refersTo: { number: 'INV/26-27/000001', issuedAt: '2026-11-05T06:00:00Z' },
    lines: [line({ qty: 1, taxableValue: 100_000, igst: 5_000 })],
    taxableValue: 100_000,
    total: 105_000,
  });
  const docs = [consumer1, b2b, consumer2, note];

  it('B2B: one row per invoice and rate, for buyers with a GSTIN', () => {
    const rows = rowsOf(gstr1Csv('b2b', docs));
    expect(rows[0]).toMatch(
      /^GSTIN\/UIN of Recipient,Receiver Name,Invoice Number,Invoice Date,Invoice Value/,
    );
    expect(rows.slice(1)).toEqual([
      '29AAGCB7383J1Z4,"Acme, ""Traders""",INV/26-27/000002,05-Nov-2026,3360.00,29-Karnataka,N,Regular B2B,29AAGCB7383J1Z4,5,2000.00,100.00,0.00,0.00',
      '29AAGCB7383J1Z4,"Acme, ""Traders""",INV/26-27/000002,05-Nov-2026,3360.00,29-Karnataka,N,Regular B2B,29AAGCB7383J1Z4,18,1000.00,180.00,0.00,0.00',
    ]);
  });

  it('B2C small: consumer invoices by place of supply and rate, less consumer credit notes', () => {
    expect(rowsOf(gstr1Csv('b2cs', docs)).slice(1)).toEqual([
      'E,27-Maharashtra,5,1000.00,0.00,25.00,25.00,29AAGCB7383J1Z4',
      'E,29-Karnataka,5,1000.00,50.00,0.00,0.00,29AAGCB7383J1Z4',
    ]);
  });

  it('HSN summary: quantities and values by HSN, unit and rate, net of credit notes', () => {
    expect(rowsOf(gstr1Csv('hsn', docs)).slice(1)).toEqual([
      '6109,PCS,4,4200.00,5,4000.00,150.00,25.00,25.00',
      '6403,PRS,1,1180.00,18,1000.00,180.00,0.00,0.00',
    ]);
  });

  it('credit notes with the invoice they refer to', () => {
    expect(rowsOf(gstr1Csv('cdnr', docs)).slice(1)).toEqual([
      ',Asha,CN/26-27/000001,20-Nov-2026,C,INV/26-27/000001,05-Nov-2026,29-Karnataka,N,1050.00,5,1000.00,50.00,0.00,0.00',
    ]);
  });

  it('an empty month is a header row only', () => {
    expect(rowsOf(gstr1Csv('b2b', []))).toHaveLength(1);
  });
});

describe('GSTR-8', () => {
  it('per seller: gross, returned, net, and the net split intra and inter state', () => {
    const csv = gstr8Csv([
      doc({ taxableValue: 200_000 }),
      doc({ intraState: true, taxableValue: 100_000 }),
      doc({ kind: 'credit_note', taxableValue: 50_000 }),
      doc({ sellerId: 's2', supplierGstin: '29AAGCB7383J1Z4', supplierName: 'Two', taxableValue: 10_000 }),
    ]);
    expect(rowsOf(csv)).toEqual([
      'GSTIN of Supplier,Supplier Name,Gross Value of Supplies,Value of Supplies Returned,Net Taxable Value,Net Intra-State Value,Net Inter-State Value,Integrated Tax (TCS),Central Tax (TCS),State/UT Tax (TCS)',
      '27AAPFU0939F1ZV,"Seller, One",3000.00,500.00,2500.00,1000.00,1500.00,0.00,0.00,0.00',
      '29AAGCB7383J1Z4,Two,100.00,0.00,100.00,0.00,100.00,0.00,0.00,0.00',
    ]);
  });

  it('adds the ledger’s TCS to the seller’s row, or a row of its own when it has no document that month', () => {
    const csv = gstr8Csv(
      [doc({ taxableValue: 200_000 })],
      [
        {
          sellerId: 's1',
          supplierGstin: '27AAPFU0939F1ZV',
          supplierName: 'Seller, One',
          igst: 750,
          cgst: 250,
          sgst: 250,
        },
        {
          sellerId: 's3',
          supplierGstin: '29AAGCB7383J1Z4',
          supplierName: 'Three',
          igst: 1234,
          cgst: 0,
          sgst: 0,
        },
      ],
    );
    expect(rowsOf(csv).slice(1)).toEqual([
      '27AAPFU0939F1ZV,"Seller, One",2000.00,0.00,2000.00,0.00,2000.00,7.50,2.50,2.50',
      '29AAGCB7383J1Z4,Three,0.00,0.00,0.00,0.00,0.00,12.34,0.00,0.00',
    ]);
  });
});
