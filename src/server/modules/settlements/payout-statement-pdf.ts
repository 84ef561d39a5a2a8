import { formatDecimal, type Minor } from '#shared/money.ts';
import { heading, labelledBlock, pdfText, renderPdf, table, type PdfColumn } from '../../lib/pdf.ts';

/**
 * The PDF of a payout statement (docs/decisions/0122-statements-and-tax-withheld.md): who was paid, where
 * and in which batch, then every ledger entry the payout settled with its date, order, item and what it
 * is, and the total, which is the payout's amount. A4, Helvetica ('Rs.' for the rupee sign).
 */

export type PayoutStatement = {
  sellerName: string;
  shopName: string | null;
  gstin: string | null;
  pan: string | null;
  batchNumber: number;
  state: string;
  utr: string | null;
  destination: string;
  createdAt: Date;
  processedAt: Date | null;
  amount: Minor;
  lines: { date: string; orderNumber: string; item: string; description: string; amount: Minor }[];
  total: Minor;
};

/** '1,23,456.78' from paise, Indian digit grouping. */
export function inrOf(paise: Minor): string {
  const text = formatDecimal(paise);
  const negative = text.startsWith('-');
  const [whole = '0', fraction = '00'] = (negative ? text.slice(1) : text).split('.');
  const last3 = whole.slice(-3);
  const rest = whole.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${rest ? `${rest},${last3}` : last3}.${fraction}`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** '27 Nov 2026' from an India calendar date '2026-11-27'. */
const printed = (day: string) => {
  const [y, m, d] = day.split('-');
  return `${Number(d)} ${MONTHS[Number(m) - 1]} ${y}`;
};
const indiaDay = (at: Date) => new Date(at.getTime() + 330 * 60_000).toISOString().slice(0, 10);

export function payoutStatementPdf(s: PayoutStatement): Promise<Buffer> {
  return renderPdf({ title: `Payout statement, batch ${s.batchNumber}` }, (doc) => {
    const left = doc.page.margins.left;
    const width = doc.page.width - left - doc.page.margins.right;
    const half = (width - 20) / 2;
    heading(doc, `Payout statement: batch ${s.batchNumber}`);
    const top = doc.y;
    const sellerEnd = labelledBlock(
      doc,
      'Seller',
      [
        s.shopName ? `${s.sellerName} (${s.shopName})` : s.sellerName,
        `GSTIN: ${s.gstin ?? 'Unregistered'}`,
        `PAN: ${s.pan ?? 'not given'}`,
      ],
      { x: left, y: top, width: half },
    );
    const payoutEnd = labelledBlock(
      doc,
      'Payout',
      [
        `State: ${s.state}`,
        `Paid to: ${s.destination}`,
        `UTR: ${s.utr ?? 'not yet'}`,
        `Prepared on ${printed(indiaDay(s.createdAt))}`,
        s.processedAt ? `Processed on ${printed(indiaDay(s.processedAt))}` : '',
        `Amount: Rs. ${inrOf(s.amount)}`,
      ],
      { x: left + half + 20, y: top, width: half },
    );
    doc.x = left;
    doc.y = Math.max(sellerEnd, payoutEnd) + 12;

    const columns: PdfColumn[] = [
      { header: 'Date', width: 70 },
      { header: 'Order', width: 90 },
      { header: 'Item', width: 120 },
      { header: 'Description', width: 155 },
      { header: 'Amount (Rs.)', width: width - 435, align: 'right' },
    ];
    table(
      doc,
      columns,
      s.lines.map((l) => [printed(l.date), l.orderNumber, l.item, l.description, inrOf(l.amount)]),
      { fontSize: 8 },
    );
    doc.font('Helvetica-Bold').fontSize(11);
    const y = doc.y;
    doc.text('Total', left, y, { width: width - 120 });
    doc.text(`Rs. ${inrOf(s.total)}`, left + width - 120, y, { width: 120, align: 'right' });
    doc.x = left;
    doc.moveDown(1);
    doc.font('Helvetica').fontSize(9).fillColor('#555');
    doc.text(
      pdfText(
        'Positive amounts are owed to the seller, negative ones taken from it (commission and its GST, TCS under section 52 CGST, TDS under section 194-O, refunds of returns and cancellations). Computer-generated; no signature required.',
      ),
      left,
      doc.y,
      { width },
    );
    doc.fillColor('#000');
  });
}
