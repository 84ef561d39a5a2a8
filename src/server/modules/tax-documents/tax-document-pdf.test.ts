import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import type { TaxDocument } from '#shared/schemas/gst.ts';
import { translator } from '../../lib/messages.ts';
import { renderTaxDocumentPdf } from './tax-document-pdf.ts';

/** A tax invoice as issued (frozen JSON), intra-state, with a Devanagari product name. */
export const sampleInvoice: TaxDocument = {
  _id: '7b0c1f0e-0000-4000-8000-000000000001',
  kind: 'invoice',
  title: 'Tax Invoice',
  number: 'INV/26-27/000042',
  issuedAt: '2026-11-24T06:30:00.000Z',
  financialYear: '2026-27',
  orderId: null,
  orderNumber: 'HAAT-2026-000123',
  shipmentId: null,
  refersTo: null,
  reason: null,
  supplier: {
    name: 'Meera Textiles LLP',
    businessName: null,
    address: '4 Linking Road, Mumbai 400050',
    stateCode: '27',
    stateName: 'Maharashtra',
    gstin: '27AAAAA0000A1Z5',
  },
  recipient: {
    name: 'Ravi Kumar',
    businessName: null,
    address: '12 MG Road, Pune 411001',
    stateCode: '27',
    stateName: 'Maharashtra',
    gstin: null,
  },
  deliveryAddress: null,
  placeOfSupply: { stateCode: '27', stateName: 'Maharashtra' },
  intraState: true,
  reverseCharge: false,
  ecommerceOperator: { legalName: 'Haat Marketplace Private Limited', gstin: '29AAACH0000A1Z1' },
  period: null,
  lines: [
    {
      description: 'सूती कुर्ता (size L)',
      hsn: '6211',
      qty: 2,
      unit: 'PCS',
      unitPrice: 1999.5,
      discount: 0,
      taxableValue: 3999,
      rate: '5',
      cgstRate: '2.5',
      cgst: 99.98,
      sgstRate: '2.5',
      sgst: 99.97,
      igstRate: '0',
      igst: 0,
      total: 4198.95,
    },
  ],
  totals: {
    taxableValue: 3999,
    discount: 0,
    cgst: 99.98,
    sgst: 99.97,
    igst: 0,
    tax: 199.95,
    total: 4198.95,
    totalInWords: 'Rupees Four Thousand One Hundred Ninety-Eight and Paise Ninety-Five Only',
  },
  currency: 'INR',
};

const textOf = async (pdf: Buffer) =>
  (await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true })).text;

describe('tax document PDF in the reader language', () => {
  it('English: Helvetica and the labels as before', async () => {
    const pdf = await renderTaxDocumentPdf(sampleInvoice);
    const raw = pdf.toString('latin1');
    expect(raw).toContain('/Helvetica');
    expect(raw).not.toContain('NotoSansDevanagari');
    const text = await textOf(pdf);
    for (const s of [
      'Tax Invoice',
      'Invoice number: INV/26-27/000042',
      'Date: 24 Nov 2026',
      'SOLD BY (SUPPLIER)',
      'BILL TO (RECIPIENT)',
      'GSTIN: Unregistered',
      'Place of supply: Maharashtra (27)',
      'Total taxable value',
      'Tax is payable on reverse charge: No',
      'Rupees Four Thousand One Hundred Ninety-Eight and Paise Ninety-Five Only',
    ])
      expect(text).toContain(s);
  });

  it('Hindi: Noto Sans Devanagari embedded, labels in Hindi, legal content unchanged', async () => {
    const pdf = await renderTaxDocumentPdf(sampleInvoice, translator('hi'));
    const raw = pdf.toString('latin1');
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansDevanagari/);
    expect(raw).toContain('/ToUnicode');
    expect(raw).not.toContain('/Helvetica');
    // Text extraction gives glyphs in visual order (a pre-base ि or a reph comes out of place) and
    // guesses spaces at font changes, so words without those are compared, spaces aside.
    const squeeze = (x: string) => x.normalize('NFC').replace(/\s+/g, '');
    const text = squeeze(await textOf(pdf));
    for (const s of [
      'कर बीजक (Tax Invoice)',
      'बीजक संख्या: INV/26-27/000042',
      'तारीख: 24 नव॰ 2026',
      'ऑ',
      'राज्य: Maharashtra (कोड 27)',
      'GSTIN: अपंजीकृत',
      'GSTIN: 27AAAAA0000A1Z5',
      'कुल कर योग्य मूल्य',
      'कर देय: नहीं',
      'सूती',
      '6211',
      'Rs. 4,198.95',
      'Rupees Four Thousand One Hundred Ninety-Eight and Paise Ninety-Five Only',
    ])
      expect(text).toContain(squeeze(s));
    expect(text).not.toMatch(/Soldby|Taxablevalue|Date:/i);
  });
});
