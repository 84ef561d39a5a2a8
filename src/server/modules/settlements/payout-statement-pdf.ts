import { formatDecimal, type Minor } from '#shared/money.ts';
import { translator, type ServerTranslate } from '../../lib/messages.ts';
import { heading, labelledBlock, renderPdf, setFont, table, write, type PdfColumn } from '../../lib/pdf.ts';
import { calendarDateIn, printedDay } from '#shared/i18n/dates.ts';

/**
 * The PDF of a payout statement (docs/decisions/0122-statements-and-tax-withheld.md): who was paid, where
 * and in which batch, then every ledger entry the payout settled with its date, order, item and what it
 * is, and the total, which is the payout's amount. A4, Helvetica ('Rs.' for the rupee sign); a Hindi
 * reader's in Noto Sans Devanagari (docs/decisions/0137-mails-and-pdfs-in-hindi.md).
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

/** '27 Nov 2026' from an India calendar date '2026-11-27'; the language's Intl form outside English. */
const printed = (t: ServerTranslate, day: string) =>
  t.language.code === 'en' ? printedDay(day) : calendarDateIn(t.language.intl, day, 'date');
const indiaDay = (at: Date) => new Date(at.getTime() + 330 * 60_000).toISOString().slice(0, 10);

/** The statement's PDF, its labels in `t`'s language (the downloading reader's; English unless told). */
export function payoutStatementPdf(
  s: PayoutStatement,
  t: ServerTranslate = translator('en'),
): Promise<Buffer> {
  const batch = String(s.batchNumber);
  return renderPdf({ title: t('pdf.payout.title', { batch }), language: t.language.code }, (doc) => {
    const left = doc.page.margins.left;
    const width = doc.page.width - left - doc.page.margins.right;
    const half = (width - 20) / 2;
    heading(doc, t('pdf.payout.heading', { batch }));
    const top = doc.y;
    const sellerEnd = labelledBlock(
      doc,
      t('pdf.payout.seller'),
      [
        s.shopName ? `${s.sellerName} (${s.shopName})` : s.sellerName,
        s.gstin === null ? t('pdf.payout.unregistered') : t('pdf.payout.gstin', { gstin: s.gstin }),
        s.pan === null ? t('pdf.payout.panNotGiven') : t('pdf.payout.pan', { pan: s.pan }),
      ],
      { x: left, y: top, width: half },
    );
    const payoutEnd = labelledBlock(
      doc,
      t('pdf.payout.payout'),
      [
        t('pdf.payout.state', { state: s.state }),
        t('pdf.payout.paidTo', { to: s.destination }),
        s.utr === null ? t('pdf.payout.utrNotYet') : t('pdf.payout.utr', { utr: s.utr }),
        t('pdf.payout.preparedOn', { date: printed(t, indiaDay(s.createdAt)) }),
        s.processedAt ? t('pdf.payout.processedOn', { date: printed(t, indiaDay(s.processedAt)) }) : '',
        t('pdf.payout.amount', { amount: inrOf(s.amount) }),
      ],
      { x: left + half + 20, y: top, width: half },
    );
    doc.x = left;
    doc.y = Math.max(sellerEnd, payoutEnd) + 12;

    const columns: PdfColumn[] = [
      { header: t('pdf.payout.date'), width: 70 },
      { header: t('pdf.payout.order'), width: 90 },
      { header: t('pdf.payout.item'), width: 120 },
      { header: t('pdf.payout.description'), width: 155 },
      { header: t('pdf.payout.amountColumn'), width: width - 435, align: 'right' },
    ];
    table(
      doc,
      columns,
      s.lines.map((l) => [printed(t, l.date), l.orderNumber, l.item, l.description, inrOf(l.amount)]),
      { fontSize: 8 },
    );
    setFont(doc, 'bold', 11);
    const y = doc.y;
    write(doc, t('pdf.payout.total'), left, y, { width: width - 120 });
    write(doc, `Rs. ${inrOf(s.total)}`, left + width - 120, y, { width: 120, align: 'right' });
    doc.x = left;
    doc.moveDown(1);
    setFont(doc, 'regular', 9).fillColor('#555');
    write(doc, t('pdf.payout.note'), left, doc.y, { width });
    doc.fillColor('#000');
  });
}
