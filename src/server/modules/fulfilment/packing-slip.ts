import { parseMoney, formatDecimal } from '#shared/money.ts';
import { heading, labelledBlock, renderPdf, table } from '../../lib/pdf.ts';
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

const paymentText = (s: ShipmentView, cod: string | null) => {
  if (s.paymentMethod === 'CashOnDelivery') {
    return cod && parseMoney(cod) > 0
      ? `Cash on delivery: collect Rs. ${formatDecimal(parseMoney(cod))}`
      : 'Cash on delivery: already paid, collect nothing';
  }
  return s.isPaid
    ? `Paid online (${s.paymentMethod}): collect nothing`
    : `Awaiting online payment (${s.paymentMethod})`;
};

export function renderPackingSlip(input: PackingSlipInput): Promise<Buffer> {
  const { shipment: s, lines, from, codAmount } = input;
  return renderPdf({ title: `Packing slip ${s.orderNumber}` }, (doc) => {
    heading(doc, 'Packing slip', 18);
    doc.font('Helvetica-Bold').fontSize(12).text(`Order ${s.orderNumber}`);
    doc.font('Helvetica').fontSize(10);
    doc.text(`Shipment ${s.id}`);
    doc.text(`Placed ${s.createdAt.toISOString().slice(0, 10)}`);
    if (s.expectedDeliveryDate) doc.text(`Deliver by ${s.expectedDeliveryDate}`);
    doc.moveDown();

    const top = doc.y;
    const half = (doc.page.width - doc.page.margins.left - doc.page.margins.right - 20) / 2;
    const a = s.shippingAddress;
    const leftEnd = labelledBlock(
      doc,
      'Ship to',
      [
        s.buyerName,
        a.address,
        [a.city, a.state, a.postalCode].filter(Boolean).join(', '),
        a.country,
        s.buyerPhone ? `Phone ${s.buyerPhone}` : '',
      ],
      { x: doc.page.margins.left, y: top, width: half },
    );
    const rightEnd = labelledBlock(
      doc,
      'From (return address)',
      [
        s.shopName ?? s.sellerName,
        ...(from
          ? [
              from.address,
              [from.city, from.state, from.postalCode ?? ''].filter(Boolean).join(', '),
              from.country,
              from.phone ? `Phone ${from.phone}` : '',
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
        { header: 'Item', width: 215 },
        { header: 'Size', width: 60 },
        { header: 'Colour', width: 70 },
        { header: 'SKU', width: 120 },
        { header: 'Qty', width: 50, align: 'right' },
      ],
      lines.map((l) => [l.name, l.size ?? '', l.colour ?? '', l.sku ?? '', String(l.qty)]),
    );
    doc.text(`Units: ${lines.reduce((n, l) => n + l.qty, 0)}`);
    doc.moveDown();
    doc.font('Helvetica-Bold').fontSize(12).text(paymentText(s, codAmount));
    doc.font('Helvetica').fontSize(10);
    if (s.courier && s.trackingNumber) doc.text(`Courier ${s.courier}, tracking ${s.trackingNumber}`);
  });
}
