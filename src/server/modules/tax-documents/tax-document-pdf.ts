import { indiaDate } from '#shared/gst-rates.ts';
import { formatDecimal, parseMoney } from '#shared/money.ts';
import type { TaxDocument } from '#shared/schemas/gst.ts';
import { translator, type ServerTranslate } from '../../lib/messages.ts';
import {
  labelledBlock,
  renderPdf,
  table,
  setFont,
  widthOf,
  write,
  type Pdf,
  type PdfColumn,
} from '../../lib/pdf.ts';
import { calendarDateIn, printedDay } from '#shared/i18n/dates.ts';

/**
 * The PDF of any tax document (docs/decisions/0117-tax-invoices-and-credit-notes.md): a seller's tax invoice
 * or credit note, or the operator's commission invoice, drawn from its frozen JSON alone, on A4 in
 * Helvetica (amounts as 'Rs.', Indian digit grouping). Everything CGST Rule 46 asks for is printed: the
 * supplier's and recipient's names, addresses and GSTINs, number and date, place of supply, per line the
 * description, HSN, quantity and unit, taxable value, discount, rate and tax by component, totals in
 * figures and words, whether tax is payable on reverse charge, and the e-commerce operator.
 *
 * The labels are in the reader's language (docs/decisions/0137-mails-and-pdfs-in-hindi.md); what the
 * document says as issued (names, GSTINs, HSN, numbers, amounts, the amount in words) is printed as it
 * was frozen, and a Hindi title keeps the English one beside it.
 */

/** '27 Nov 2026' on the India calendar. */
export function printedDate(iso: string): string {
  return printedDay(indiaDate(new Date(iso)));
}

/** '1,23,456.78': a wire amount with Indian digit grouping. */
export function inr(amount: number): string {
  const text = formatDecimal(parseMoney(amount));
  const negative = text.startsWith('-');
  const [whole = '0', fraction = '00'] = (negative ? text.slice(1) : text).split('.');
  const last3 = whole.slice(-3);
  const rest = whole.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${rest ? `${rest},${last3}` : last3}.${fraction}`;
}

/** A date as printed: '27 Nov 2026' in English, the language's Intl form otherwise ('27 नव॰ 2026'). */
const dateIn = (t: ServerTranslate, iso: string) =>
  t.language.code === 'en'
    ? printedDate(iso)
    : calendarDateIn(t.language.intl, indiaDate(new Date(iso)), 'date');

const partyLines = (t: ServerTranslate, p: TaxDocument['supplier'], withState: boolean) => [
  p.businessName && p.businessName !== p.name ? `${p.name} (${p.businessName})` : p.name,
  p.address,
  withState && p.stateName
    ? p.stateCode
      ? t('pdf.tax.stateWithCode', { state: p.stateName, code: p.stateCode })
      : t('pdf.tax.state', { state: p.stateName })
    : '',
  p.gstin === null || p.gstin === undefined
    ? t('pdf.tax.unregistered')
    : t('pdf.tax.gstin', { gstin: p.gstin }),
];

const pct = (rate: string) => `${rate}%`;

function linesTable(doc: Pdf, d: TaxDocument, t: ServerTranslate): void {
  const head: PdfColumn[] = [
    { header: '#', width: 16 },
    { header: t('pdf.tax.description'), width: d.intraState ? 113 : 127 },
    { header: 'HSN/SAC', width: 40 },
    { header: t('pdf.tax.qty'), width: 36, align: 'right' },
    { header: t('pdf.tax.unitPrice'), width: 50, align: 'right' },
    { header: t('pdf.tax.discount'), width: 44, align: 'right' },
    { header: t('pdf.tax.taxableValue'), width: 52, align: 'right' },
    { header: t('pdf.tax.gstRate'), width: 30, align: 'right' },
  ];
  const tax: PdfColumn[] = d.intraState
    ? [
        { header: 'CGST', width: 42, align: 'right' },
        { header: 'SGST', width: 42, align: 'right' },
      ]
    : [{ header: 'IGST', width: 70, align: 'right' }];
  const columns = [...head, ...tax, { header: t('pdf.tax.total'), width: 50, align: 'right' as const }];
  const rows = d.lines.map((l, i) => [
    String(i + 1),
    l.description,
    l.hsn,
    `${l.qty} ${l.unit}`,
    inr(l.unitPrice),
    inr(l.discount),
    inr(l.taxableValue),
    pct(l.rate),
    ...(d.intraState
      ? [`${inr(l.cgst)}\n@ ${pct(l.cgstRate)}`, `${inr(l.sgst)}\n@ ${pct(l.sgstRate)}`]
      : [`${inr(l.igst)}\n@ ${pct(l.igstRate)}`]),
    inr(l.total),
  ]);
  table(doc, columns, rows, { fontSize: 8 });
}

function totalsBlock(doc: Pdf, d: TaxDocument, t: ServerTranslate): void {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const labelX = left + width - 260;
  const rows: [string, number][] = [
    [t('pdf.tax.totalTaxableValue'), d.totals.taxableValue],
    ...(d.totals.discount > 0
      ? ([[t('pdf.tax.discountDeducted'), d.totals.discount]] as [string, number][])
      : []),
    ...(d.intraState
      ? ([
          ['CGST', d.totals.cgst],
          ['SGST', d.totals.sgst],
        ] as [string, number][])
      : ([['IGST', d.totals.igst]] as [string, number][])),
    [t('pdf.tax.totalTax'), d.totals.tax],
  ];
  if (doc.y + 140 > doc.page.height - doc.page.margins.bottom) doc.addPage();
  setFont(doc, 'regular', 10);
  for (const [label, amount] of rows) {
    const y = doc.y;
    write(doc, label, labelX, y, { width: 160 });
    write(doc, `Rs. ${inr(amount)}`, labelX + 160, y, { width: 100, align: 'right' });
  }
  const y = doc.y + 2;
  doc
    .moveTo(labelX, y)
    .lineTo(left + width, y)
    .strokeColor('#000')
    .stroke();
  setFont(doc, 'bold', 11);
  write(doc, d.kind === 'credit_note' ? t('pdf.tax.totalCredited') : t('pdf.tax.total'), labelX, y + 4, {
    width: 160,
  });
  write(doc, `Rs. ${inr(d.totals.total)}`, labelX + 160, y + 4, { width: 100, align: 'right' });
  doc.x = left;
  doc.moveDown(0.8);
  setFont(doc, 'regular', 10);
  write(doc, t('pdf.tax.amountInWords', { words: d.totals.totalInWords }), left, doc.y, { width });
}

/** The document's PDF bytes, its labels in `t`'s language (English unless told). */
export function renderTaxDocumentPdf(d: TaxDocument, t: ServerTranslate = translator('en')): Promise<Buffer> {
  const titles = {
    invoice: t('pdf.tax.title.invoice', { title: d.title }),
    credit_note: t('pdf.tax.title.credit_note', { title: d.title }),
    commission_invoice: t('pdf.tax.title.commission_invoice', { title: d.title }),
  };
  const title = titles[d.kind];
  return renderPdf({ title: `${title} ${d.number}`, language: t.language.code }, (doc) => {
    const left = doc.page.margins.left;
    const width = doc.page.width - left - doc.page.margins.right;
    const half = (width - 20) / 2;
    const top = doc.y;

    // Title and the document's own facts.
    // A long title ('Tax Invoice (Commission and Fees)') is set smaller rather than wrapped.
    setFont(doc, 'bold', 18);
    if (widthOf(doc, title) > half) doc.fontSize(13);
    write(doc, title, left, top, { width: half });
    setFont(doc, 'regular', 9).fillColor('#555');
    write(doc, t('pdf.tax.originalForRecipient'), { width: half });
    doc.fillColor('#000');
    const facts = [
      d.kind === 'credit_note'
        ? t('pdf.tax.creditNoteNumber', { number: d.number })
        : t('pdf.tax.invoiceNumber', { number: d.number }),
      t('pdf.tax.date', { date: dateIn(t, d.issuedAt) }),
      d.orderNumber ? t('pdf.tax.order', { orderNumber: d.orderNumber }) : '',
      d.period ? t('pdf.tax.period', { period: d.period }) : '',
      d.refersTo
        ? t('pdf.tax.againstInvoice', { number: d.refersTo.number, date: dateIn(t, d.refersTo.issuedAt) })
        : '',
      d.reason ? t('pdf.tax.reason', { reason: d.reason }) : '',
    ].filter(Boolean);
    setFont(doc, 'regular', 10);
    let y = top;
    for (const f of facts) {
      write(doc, f, left + half + 20, y, { width: half, align: 'right' });
      y = doc.y;
    }
    doc.x = left;
    doc.y = Math.max(y, top + 40) + 10;

    // Supplier and recipient.
    const blocksTop = doc.y;
    const supplierEnd = labelledBlock(
      doc,
      d.kind === 'commission_invoice' ? t('pdf.tax.supplierMarketplace') : t('pdf.tax.soldBy'),
      partyLines(t, d.supplier, true),
      { x: left, y: blocksTop, width: half },
    );
    const recipientEnd = labelledBlock(
      doc,
      d.kind === 'commission_invoice' ? t('pdf.tax.recipientSeller') : t('pdf.tax.billTo'),
      partyLines(t, d.recipient, true),
      { x: left + half + 20, y: blocksTop, width: half },
    );
    doc.x = left;
    doc.y = Math.max(supplierEnd, recipientEnd) + 8;

    const more = [
      d.placeOfSupply
        ? t('pdf.tax.placeOfSupply', { state: d.placeOfSupply.stateName, code: d.placeOfSupply.stateCode })
        : t('pdf.tax.placeOfSupplyOutside'),
      d.deliveryAddress ? t('pdf.tax.shipTo', { address: d.deliveryAddress }) : '',
      d.intraState ? t('pdf.tax.supplyIntra') : t('pdf.tax.supplyInter'),
    ].filter(Boolean);
    setFont(doc, 'regular', 10);
    for (const m of more) write(doc, m, left, doc.y, { width });
    doc.moveDown(0.8);

    linesTable(doc, d, t);
    doc.x = left;
    totalsBlock(doc, d, t);

    doc.moveDown(0.8);
    setFont(doc, 'regular', 10);
    write(doc, t('pdf.tax.reverseCharge'), left, doc.y, { width });
    if (d.ecommerceOperator)
      write(
        doc,
        t('pdf.tax.ecommerceOperator', {
          name: d.ecommerceOperator.legalName,
          gstin: d.ecommerceOperator.gstin,
        }),
        { width },
      );
    doc.moveDown(1.5);
    write(setFont(doc, 'bold'), t('pdf.tax.forSupplier', { supplier: d.supplier.name }), {
      width,
      align: 'right',
    });
    setFont(doc, 'regular', 9).fillColor('#555');
    write(doc, t('pdf.tax.signatory'), { width, align: 'right' });
    doc.fillColor('#000');
  });
}
