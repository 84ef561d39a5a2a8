import { multiplyMoney, parseMoney, sumMoney, toWireNumber } from './money.ts';
import type { Shipment } from './schemas/fulfilment.ts';
import type { Order } from './schemas/order.ts';

/**
 * What a cash-on-delivery buyer still pays at the door once some parcels were cancelled or sent back
 * (docs/decisions/0114-buyer-order-page.md): each line still coming, at the price paid per unit times
 * its units plus its GST, in the order's currency. Null when nothing was taken out of the order (then
 * the order's total is the answer).
 */
export function stillDue(order: Order, shipments: readonly Shipment[], digits: number): number | null {
  const stopped = shipments.filter(
    (s) => s.kind === 'order' && (s.state === 'cancelled' || s.state === 'returned_to_origin'),
  );
  if (stopped.length === 0) return null;
  const gone = new Set(stopped.flatMap((s) => s.lines.map((l) => l._id)));
  const coming = order.orderItems.filter((i) => !gone.has(i._id));
  return toWireNumber(
    sumMoney(
      coming.map((i) =>
        sumMoney([
          multiplyMoney(parseMoney(i.discountedPrice, digits), i.qty),
          parseMoney(i.taxAmount, digits),
        ]),
      ),
    ),
    digits,
  );
}
