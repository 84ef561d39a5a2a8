import { indiaDate } from '#shared/gst-rates.ts';
import { formatDecimal, parseMoney } from '#shared/money.ts';
import type { TaxDocument } from '#shared/schemas/gst.ts';
import { labelledBlock, pdfText, renderPdf, table, type Pdf, type PdfColumn } from '../../lib/pdf.ts';

/**
 * The PDF of any tax document (docs/decisions/0117-tax-invoices-and-credit-notes.md): a seller's tax invoice
 * or credit note, or the operator's commission invoice, drawn from its frozen JSON alone, on A4 in
 * Helvetica (amounts as 'Rs.', Indian digit grouping). Everything CGST Rule 46 asks for is printed: the
 * supplier's and recipient's names, addresses and GSTINs, number and date, place of supply, per line the
 * description, HSN, quantity and unit, taxable value, discount, rate and tax by component, totals in
 * figures and words, whether tax is payable on reverse charge, and the e-commerce operator.
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '27 Nov 2026' on the India calendar. */
export function printedDate(iso: string): string {
  const [y, m, d] = indiaDate(new Date(iso)).split('-');
  return `${Number(d)} ${MONTHS[Number(m) - 1]} ${y}`;
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

const partyLines = (p: TaxDocument['supplier'], withState: boolean) => [
  p.businessName && p.businessName !== p.name ? `${p.name} (${p.businessName})` : p.name,
  p.address,
  withState && p.stateName ? `State: ${p.stateName}${p.stateCode ? ` (code ${p.stateCode})` : ''}` : '',
  `GSTIN: ${p.gstin ?? 'Unregistered'}`,
];

const pct = (rate: string) => `${rate}%`;

function linesTable(doc: Pdf, d: TaxDocument): void {
  const head: PdfColumn[] = [
    { header: '#', width: 16 },
    { header: 'Description', width: d.intraState ? 113 : 127 },
    { header: 'HSN/SAC', width: 40 },
    { header: 'Qty', width: 36, align: 'right' },
    { header: 'Unit price', width: 50, align: 'right' },
    { header: 'Discount', width: 44, align: 'right' },
    { header: 'Taxable value', width: 52, align: 'right' },
    { header: 'GST rate', width: 30, align: 'right' },
  ];
  const tax: PdfColumn[] = d.intraState
    ? [
        { header: 'CGST', width: 42, align: 'right' },
        { header: 'SGST', width: 42, align: 'right' },
      ]
    : [{ header: 'IGST', width: 70, align: 'right' }];
  const columns = [...head, ...tax, { header: 'Total', width: 50, align: 'right' as const }];
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

function totalsBlock(doc: Pdf, d: TaxDocument): void {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const labelX = left + width - 260;
  const rows: [string, number][] = [
    ['Total taxable value', d.totals.taxableValue],
    ...(d.totals.discount > 0
      ? ([['Discount (deducted above)', d.totals.discount]] as [string, number][])
      : []),
    ...(d.intraState
      ? ([
          ['CGST', d.totals.cgst],
          ['SGST', d.totals.sgst],
        ] as [string, number][])
      : ([['IGST', d.totals.igst]] as [string, number][])),
    ['Total tax', d.totals.tax],
  ];
  if (doc.y + 140 > doc.page.height - doc.page.margins.bottom) doc.addPage();
  doc.font('Helvetica').fontSize(10);
  for (const [label, amount] of rows) {
    const y = doc.y;
    doc.text(pdfText(label), labelX, y, { width: 160 });
    doc.text(`Rs. ${inr(amount)}`, labelX + 160, y, { width: 100, align: 'right' });
  }
  const y = doc.y + 2;
  doc
    .moveTo(labelX, y)
    .lineTo(left + width, y)
    .strokeColor('#000')
    .stroke();
  doc.font('Helvetica-Bold').fontSize(11);
  doc.text(d.kind === 'credit_note' ? 'Total credited' : 'Total', labelX, y + 4, { width: 160 });
  doc.text(`Rs. ${inr(d.totals.total)}`, labelX + 160, y + 4, { width: 100, align: 'right' });
  doc.x = left;
  doc.moveDown(0.8);
  doc.font('Helvetica').fontSize(10);
  doc.text(pdfText(`Amount in words: ${d.totals.totalInWords}`), left, doc.y, { width });
}

/** The document's PDF bytes. */
export function renderTaxDocumentPdf(d: TaxDocument): Promise<Buffer> {
  return renderPdf({ title: `${d.title} ${d.number}` }, (doc) => {
    const left = doc.page.margins.left;
    const width = doc.page.width - left - doc.page.margins.right;
    const half = (width - 20) / 2;
    const top = doc.y;

    // Title and the document's own facts.
    // A long title ('Tax Invoice (Commission and Fees)') is set smaller rather than wrapped.
    doc.font('Helvetica-Bold').fontSize(18);
    if (doc.widthOfString(pdfText(d.title)) > half) doc.fontSize(13);
    doc.text(pdfText(d.title), left, top, { width: half });
    doc.font('Helvetica').fontSize(9).fillColor('#555');
    doc.text('Original for recipient', { width: half });
    doc.fillColor('#000');
    const facts = [
      `${d.kind === 'credit_note' ? 'Credit note' : 'Invoice'} number: ${d.number}`,
      `Date: ${printedDate(d.issuedAt)}`,
      d.orderNumber ? `Order: ${d.orderNumber}` : '',
      d.period ? `Period: ${d.period}` : '',
      d.refersTo ? `Against invoice ${d.refersTo.number} dated ${printedDate(d.refersTo.issuedAt)}` : '',
      d.reason ? `Reason: ${d.reason}` : '',
    ].filter(Boolean);
    doc.font('Helvetica').fontSize(10);
    let y = top;
    for (const f of facts) {
      doc.text(pdfText(f), left + half + 20, y, { width: half, align: 'right' });
      y = doc.y;
    }
    doc.x = left;
    doc.y = Math.max(y, top + 40) + 10;

    // Supplier and recipient.
    const blocksTop = doc.y;
    const supplierEnd = labelledBlock(
      doc,
      d.kind === 'commission_invoice' ? 'Supplier (marketplace)' : 'Sold by (supplier)',
      partyLines(d.supplier, true),
      { x: left, y: blocksTop, width: half },
    );
    const recipientEnd = labelledBlock(
      doc,
      d.kind === 'commission_invoice' ? 'Recipient (seller)' : 'Bill to (recipient)',
      partyLines(d.recipient, true),
      { x: left + half + 20, y: blocksTop, width: half },
    );
    doc.x = left;
    doc.y = Math.max(supplierEnd, recipientEnd) + 8;

    const more = [
      d.placeOfSupply
        ? `Place of supply: ${d.placeOfSupply.stateName} (${d.placeOfSupply.stateCode})`
        : 'Place of supply: outside India',
      d.deliveryAddress ? `Ship to: ${d.deliveryAddress}` : '',
      `Supply: ${d.intraState ? 'intra-state (CGST + SGST)' : 'inter-state (IGST)'}. Amounts in Indian rupees (Rs.).`,
    ].filter(Boolean);
    doc.font('Helvetica').fontSize(10);
    for (const m of more) doc.text(pdfText(m), left, doc.y, { width });
    doc.moveDown(0.8);

    linesTable(doc, d);
    doc.x = left;
    totalsBlock(doc, d);

    doc.moveDown(0.8);
    doc.font('Helvetica').fontSize(10);
    doc.text('Tax is payable on reverse charge: No', left, doc.y, { width });
    if (d.ecommerceOperator)
      doc.text(
        pdfText(`E-commerce operator: ${d.ecommerceOperator.legalName} (GSTIN ${d.ecommerceOperator.gstin})`),
        { width },
      );
    doc.moveDown(1.5);
    doc.font('Helvetica-Bold').text(pdfText(`For ${d.supplier.name}`), { width, align: 'right' });
    doc.font('Helvetica').fontSize(9).fillColor('#555');
    doc.text('Authorised signatory (computer-generated document, no signature required)', {
      width,
      align: 'right',
    });
    doc.fillColor('#000');
  });
}
