/**
 * What other modules use of fulfilment (shipments, the order timeline, cash-on-delivery limits). The
 * routes of this module have their own services.
 */
export {
  createShipmentsForOrder,
  deliverOrderShipments,
  moveShipment,
  recordEvent,
  rtoCountOfBuyer,
  type EventActor,
} from './shipments.repo.ts';
export { assertCodHoldingAllowed } from './cod-limits.ts';
export { lockShipmentsOfOrder } from './cancel.repo.ts';
export { linesOfShipment, restockLines, reverseSellerPayments, type UnitsOfLine } from './stock.repo.ts';
export { lateSql as lateShipmentSql } from './shipments.repo.ts';
