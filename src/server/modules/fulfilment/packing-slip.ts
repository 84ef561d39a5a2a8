import { parseMoney, formatDecimal } from '#shared/money.ts';
import { translator, type ServerTranslate } from '../../lib/messages.ts';
import { heading, labelledBlock, renderPdf, setFont, table, write } from '../../lib/pdf.ts';
import type { ShipmentLineRow, ShipmentView } from './shipments.repo.ts';

/**
 * The packing slip a seller puts in the parcel (docs/decisions/0109-shipments-per-seller.md): the order
 * number and shipment id, who it goes to (name, address, phone), the seller's shop and return address,
 * the lines (name, size, colour, SKU, quantity) and, for an unpaid cash-on-delivery order, the cash the
 * courier collects. No prices otherwise: the buyer's invoice is a separate document.
 */

export type PackingSlipInput = {
  shipment: ShipmentView;
  lines: ShipmentLineRow[];
  from: {
    address: string;
    city: string;
    state: string;
    postalCode: string | null;
    country: string;
    phone: string;
  } | null;
  /** INR decimal text the courier collects; null when nothing is collected. */
  codAmount: string | null;
};

const paymentText = (t: ServerTranslate, s: ShipmentView, cod: string | null) => {
  if (s.paymentMethod === 'CashOnDelivery') {
    return cod && parseMoney(cod) > 0
      ? t('pdf.packingSlip.codCollect', { amount: formatDecimal(parseMoney(cod)) })
      : t('pdf.packingSlip.codPaid');
  }
  return s.isPaid
    ? t('pdf.packingSlip.paidOnline', { method: s.paymentMethod })
    : t('pdf.packingSlip.awaitingPayment', { method: s.paymentMethod });
};

/** The slip's PDF, its labels in `t`'s language (the downloading seller's; English unless told). */
export function renderPackingSlip(
  input: PackingSlipInput,
  t: ServerTranslate = translator('en'),
): Promise<Buffer> {
  const { shipment: s, lines, from, codAmount } = input;
  return renderPdf(
    { title: t('pdf.packingSlip.title', { orderNumber: s.orderNumber }), language: t.language.code },
    (doc) => {
      heading(doc, t('pdf.packingSlip.heading'), 18);
      write(setFont(doc, 'bold', 12), t('pdf.packingSlip.order', { orderNumber: s.orderNumber }));
      setFont(doc, 'regular', 10);
      write(doc, t('pdf.packingSlip.shipment', { id: s.id }));
      write(doc, t('pdf.packingSlip.placed', { date: s.createdAt.toISOString().slice(0, 10) }));
      if (s.expectedDeliveryDate)
        write(doc, t('pdf.packingSlip.deliverBy', { date: s.expectedDeliveryDate }));
      doc.moveDown();

      const top = doc.y;
      const half = (doc.page.width - doc.page.margins.left - doc.page.margins.right - 20) / 2;
      const a = s.shippingAddress;
      const leftEnd = labelledBlock(
        doc,
        t('pdf.packingSlip.shipTo'),
        [
          s.buyerName,
          a.address,
          [a.city, a.state, a.postalCode].filter(Boolean).join(', '),
          a.country,
          s.buyerPhone ? t('pdf.packingSlip.phone', { phone: s.buyerPhone }) : '',
        ],
        { x: doc.page.margins.left, y: top, width: half },
      );
      const rightEnd = labelledBlock(
        doc,
        t('pdf.packingSlip.from'),
        [
          s.shopName ?? s.sellerName,
          ...(from
            ? [
                from.address,
                [from.city, from.state, from.postalCode ?? ''].filter(Boolean).join(', '),
                from.country,
                from.phone ? t('pdf.packingSlip.phone', { phone: from.phone }) : '',
              ]
            : []),
        ],
        { x: doc.page.margins.left + half + 20, y: top, width: half },
      );
      doc.x = doc.page.margins.left;
      doc.y = Math.max(leftEnd, rightEnd) + 16;

      table(
        doc,
        [
          { header: t('pdf.packingSlip.item'), width: 215 },
          { header: t('pdf.packingSlip.size'), width: 60 },
          { header: t('pdf.packingSlip.colour'), width: 70 },
          { header: 'SKU', width: 120 },
          { header: t('pdf.packingSlip.qty'), width: 50, align: 'right' },
        ],
        lines.map((l) => [l.name, l.size ?? '', l.colour ?? '', l.sku ?? '', String(l.qty)]),
      );
      write(doc, t('pdf.packingSlip.units', { count: String(lines.reduce((n, l) => n + l.qty, 0)) }));
      doc.moveDown();
      write(setFont(doc, 'bold', 12), paymentText(t, s, codAmount));
      setFont(doc, 'regular', 10);
      if (s.courier && s.trackingNumber)
        write(doc, t('pdf.packingSlip.courier', { courier: s.courier, number: s.trackingNumber }));
    },
  );
}
