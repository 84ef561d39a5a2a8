import { describe, expect, it } from 'vitest';
import type { Actor } from './permissions.ts';
import {
  addressLine,
  buildCreditNoteContent,
  buildInvoiceContent,
  canReadTaxDocument,
  creditComponents,
  documentNumber,
  financialYearOf,
  halfRate,
  unitOfHsn,
  type InvoiceInput,
  type TaxLineInput,
} from './tax-documents.ts';

// A kurta at ₹2,999 less ₹600 (₹2,399 a piece: 5% since 22 Sep 2025), three of them, and a pair of shoes
// at ₹3,499 (18%), sold by a Maharashtra seller.
const kurta = (intra: boolean): TaxLineInput => ({
  orderItemId: 'k',
  name: 'Chikankari Kurta',
  size: 'L',
  colour: 'White',
  hsn: '6211',
  qty: 3,
  price: '2999.00',
  discount: '600.00',
  discountedPrice: '2399.00',
  rate: '5.00',
  // 7,197.00 × 5%: CGST and SGST 179.925 → 179.93 each (half-up per component), or IGST 359.85.
  cgst: intra ? '179.93' : '0',
  sgst: intra ? '179.93' : '0',
  igst: intra ? '0' : '359.85',
});
const shoes = (intra: boolean): TaxLineInput => ({
  orderItemId: 's',
  name: 'Leather Juttis',
  size: '8',
  colour: null,
  hsn: '6403',
  qty: 1,
  price: '3499.00',
  discount: '0',
  discountedPrice: '3499.00',
  rate: '18.00',
  // 3,499.00 × 18% = 629.82: 314.91 each.
  cgst: intra ? '314.91' : '0',
  sgst: intra ? '314.91' : '0',
  igst: intra ? '0' : '629.82',
});

const input = (placeOfSupply: string): InvoiceInput => {
  const intra = placeOfSupply === '27';
  return {
    orderId: 'o1',
    orderNumber: 'HAAT-2026-000042',
    shipmentId: 'sh1',
    supplier: {
      name: 'Meera Textiles',
      businessName: 'Meera Shop',
      address: '4 Linking Road, Mumbai 400050, Maharashtra, India',
      stateCode: '27',
      gstin: '27AAPFU0939F1ZV',
    },
    recipient: {
      name: 'Asha Rao',
      businessName: null,
      address: '221 FC Road, Pune 411004, Maharashtra, India',
      stateCode: placeOfSupply,
      gstin: null,
    },
    deliveryAddress: null,
    placeOfSupply,
    storedSupplierStateCode: '27',
    operator: { legalName: 'Haat Marketplace Private Limited', gstin: '29AAGCB7383J1Z4' },
    lines: [kurta(intra), shoes(intra)],
  };
};

describe('tax invoice content', () => {
  it('within a state: CGST and SGST at half the rate, the stored amounts, totals in figures and words', () => {
    const doc = buildInvoiceContent(input('27'));
    expect(doc.title).toBe('Tax Invoice');
    expect(doc.intraState).toBe(true);
    expect(doc.reverseCharge).toBe(false);
    expect(doc.placeOfSupply).toEqual({ stateCode: '27', stateName: 'Maharashtra' });
    expect(doc.supplier.stateName).toBe('Maharashtra');
    expect(doc.ecommerceOperator?.gstin).toBe('29AAGCB7383J1Z4');
    expect(doc.lines[0]).toEqual({
      description: 'Chikankari Kurta (size L, White)',
      hsn: '6211',
      qty: 3,
      unit: 'PCS',
      unitPrice: 2999,
      discount: 1800,
      taxableValue: 7197,
      rate: '5',
      cgstRate: '2.5',
      cgst: 179.93,
      sgstRate: '2.5',
      sgst: 179.93,
      igstRate: '0',
      igst: 0,
      total: 7556.86,
    });
    expect(doc.lines[1]).toMatchObject({
      unit: 'PRS',
      rate: '18',
      cgstRate: '9',
      cgst: 314.91,
      total: 4128.82,
    });
    expect(doc.totals).toEqual({
      taxableValue: 10696,
      discount: 1800,
      cgst: 494.84,
      sgst: 494.84,
      igst: 0,
      tax: 989.68,
      total: 11685.68,
      totalInWords: 'Rupees Eleven Thousand Six Hundred Eighty-Five and Paise Sixty-Eight Only',
    });
  });

  it('across states: IGST at the whole rate', () => {
    const doc = buildInvoiceContent(input('29'));
    expect(doc.intraState).toBe(false);
    expect(doc.placeOfSupply).toEqual({ stateCode: '29', stateName: 'Karnataka' });
    expect(doc.lines[0]).toMatchObject({ cgst: 0, sgst: 0, igstRate: '5', igst: 359.85, total: 7556.85 });
    expect(doc.totals).toMatchObject({ igst: 989.67, tax: 989.67, total: 11685.67 });
  });

  it('prints IGST when the seller state or the place of supply is unknown', () => {
    const i = input('27');
    expect(buildInvoiceContent({ ...i, placeOfSupply: null }).placeOfSupply).toBeNull();
    // A supply without tax (0%) follows the stored supplier state: none stored → IGST.
    const untaxed = i.lines.map((l) => ({ ...l, rate: '0', cgst: '0', sgst: '0', igst: '0' }));
    expect(buildInvoiceContent({ ...i, lines: untaxed }).intraState).toBe(true);
    expect(buildInvoiceContent({ ...i, lines: untaxed, storedSupplierStateCode: null }).intraState).toBe(
      false,
    );
  });

  it('the split follows what the order stored, never the supplier state printed today', () => {
    // Stored as IGST (the seller had no state when the order was placed), the seller in the delivery state now.
    const i = { ...input('29'), placeOfSupply: '27', storedSupplierStateCode: null };
    const doc = buildInvoiceContent(i);
    expect(doc.supplier.stateCode).toBe('27');
    expect(doc.intraState).toBe(false);
    expect(doc.lines[0]).toMatchObject({ cgst: 0, sgst: 0, igstRate: '5', igst: 359.85 });
    const credit = buildCreditNoteContent({
      ...i,
      refersTo: { _id: 'inv1', number: 'INV/26-27/000001', issuedAt: '2026-11-20T10:00:00.000Z' },
      reason: 'Returned',
      units: [{ orderItemId: 'k', qty: 1, creditedBefore: [] }],
    });
    expect(credit.lines[0]).toMatchObject({ cgst: 0, sgst: 0, igst: 119.95 });
    // Stored CGST + SGST stay so even if the supplier's printed state is gone.
    const intra = input('27');
    expect(
      buildInvoiceContent({ ...intra, supplier: { ...intra.supplier, stateCode: null } }).intraState,
    ).toBe(true);
  });
});

describe('credit note content', () => {
  const refersTo = { _id: 'inv1', number: 'INV/26-27/000001', issuedAt: '2026-11-20T10:00:00.000Z' };

  it('for whole lines reuses the stored tax, so it cancels the invoice to the paisa', () => {
    const i = input('27');
    const invoice = buildInvoiceContent(i);
    const credit = buildCreditNoteContent({
      ...i,
      refersTo,
      reason: 'Cancelled',
      units: [
        { orderItemId: 'k', qty: 3, creditedBefore: [] },
        { orderItemId: 's', qty: 1, creditedBefore: [] },
      ],
    });
    expect(credit.title).toBe('Credit Note');
    expect(credit.refersTo).toEqual(refersTo);
    expect(credit.totals).toEqual(invoice.totals);
    expect(credit.lines).toEqual(invoice.lines);
  });

  it('for some units splits their taxable value again, half-up per component', () => {
    const i = input('27');
    const credit = buildCreditNoteContent({
      ...i,
      refersTo,
      reason: 'Returned',
      units: [{ orderItemId: 'k', qty: 1, creditedBefore: [] }],
    });
    // 2,399.00 × 2.5% = 59.975 → 59.98 each.
    expect(credit.lines).toHaveLength(1);
    expect(credit.lines[0]).toMatchObject({
      qty: 1,
      discount: 600,
      taxableValue: 2399,
      cgst: 59.98,
      sgst: 59.98,
    });
    expect(credit.totals).toMatchObject({ tax: 119.96, total: 2518.96 });
    expect(credit.totals.totalInWords).toBe(
      'Rupees Two Thousand Five Hundred Eighteen and Paise Ninety-Six Only',
    );
  });

  it("the credit that completes a line takes what the earlier ones left of the line's tax", () => {
    const line = kurta(true);
    const first = creditComponents(line, 1, [], true);
    const second = creditComponents(line, 1, [1], true);
    const last = creditComponents(line, 1, [1, 1], true);
    expect(first).toEqual({ cgst: 5998, sgst: 5998, igst: 0 });
    // Two units: 4,798.00 × 2.5% = 119.95, less the first's 59.98.
    expect(second).toEqual({ cgst: 5997, sgst: 5997, igst: 0 });
    // 179.93 − 119.95 = 59.98: the three credits add up to the invoice's 179.93.
    expect(last).toEqual({ cgst: 5998, sgst: 5998, igst: 0 });
    expect(creditComponents(line, 2, [1], true)).toEqual({ cgst: 11995, sgst: 11995, igst: 0 });
    expect(() => creditComponents(line, 2, [2], true)).toThrow(RangeError);
    expect(() => creditComponents(line, 0, [], true)).toThrow(RangeError);
  });

  it('200 units of ₹1.10 at 18% credited one by one add up to the stored tax exactly, none negative', () => {
    // 220.00 × 18%: 19.80 + 19.80 or 39.60. One unit alone rounds up (0.099 → 0.10, 0.198 → 0.20), so
    // 200 naive single-unit credits would overshoot by 0.20 and leave the last one negative.
    for (const intra of [true, false]) {
      const line: TaxLineInput = {
        ...kurta(intra),
        qty: 200,
        price: '1.10',
        discount: '0',
        discountedPrice: '1.10',
        rate: '18',
        cgst: intra ? '19.80' : '0',
        sgst: intra ? '19.80' : '0',
        igst: intra ? '0' : '39.60',
      };
      const sum = { cgst: 0, sgst: 0, igst: 0 };
      const before: number[] = [];
      for (let i = 0; i < 200; i++) {
        const c = creditComponents(line, 1, before, intra);
        expect(Math.min(c.cgst, c.sgst, c.igst)).toBeGreaterThanOrEqual(0);
        sum.cgst += c.cgst;
        sum.sgst += c.sgst;
        sum.igst += c.igst;
        before.push(1);
      }
      expect(sum).toEqual(intra ? { cgst: 1980, sgst: 1980, igst: 0 } : { cgst: 0, sgst: 0, igst: 3960 });
    }
  });
});

describe('helpers', () => {
  it('units, half rates, addresses and numbers', () => {
    expect(unitOfHsn('6403')).toBe('PRS');
    expect(unitOfHsn('64')).toBe('PRS');
    expect(unitOfHsn('6109')).toBe('PCS');
    expect(halfRate('5')).toBe('2.5');
    expect(halfRate('18.00')).toBe('9');
    expect(halfRate('0.25')).toBe('0.125');
    expect(
      addressLine({
        address: '221 FC Road',
        city: 'Pune',
        postalCode: '411004',
        state: 'Maharashtra',
        country: 'India',
      }),
    ).toBe('221 FC Road, Pune 411004, Maharashtra, India');
    expect(addressLine({ address: 'x', city: '', state: null })).toBe('x');
    expect(documentNumber('credit_note', financialYearOf(new Date('2027-03-31T18:29:59Z')), 7)).toBe(
      'CN/26-27/000007',
    );
  });

  it('who may read a document', () => {
    const actor = (id: string, roles: Actor['roles'], active = true): Actor => ({
      id,
      name: id,
      email: `${id}@haat.test`,
      roles,
      active,
    });
    const doc = { sellerId: 'seller', buyerId: 'buyer' };
    expect(canReadTaxDocument(actor('buyer', ['Buyer']), doc)).toBe(true);
    expect(canReadTaxDocument(actor('buyer', ['Buyer'], false), doc)).toBe(true);
    expect(canReadTaxDocument(actor('seller', ['Seller-Company']), doc)).toBe(true);
    expect(canReadTaxDocument(actor('seller', ['Seller-Company'], false), doc)).toBe(false);
    expect(canReadTaxDocument(actor('other', ['Seller-Company']), doc)).toBe(false);
    expect(canReadTaxDocument(actor('other', ['Buyer']), doc)).toBe(false);
    expect(canReadTaxDocument(actor('admin', ['Admin']), doc)).toBe(true);
    expect(canReadTaxDocument(actor('admin', ['Admin'], false), doc)).toBe(false);
    expect(canReadTaxDocument(null, doc)).toBe(false);
    expect(
      canReadTaxDocument(actor('seller', ['Seller-Company']), { sellerId: 'seller', buyerId: null }),
    ).toBe(true);
  });
});
