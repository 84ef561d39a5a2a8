import type { Queryable } from '../../db/client.ts';

/**
 * Tax documents (docs/decisions/0117-tax-invoices-and-credit-notes.md): the hooks other modules call inside
 * their transactions. Work in progress: the bodies are being written now.
 */

export type ShipmentMoved = {
  shipmentId: string;
  orderId: string;
  sellerId: string;
  kind: 'order' | 'exchange';
  to: string;
  at: Date;
};

/** A shipment moved: shipped → its tax invoice (in 'shipped' mode); cancelled or returned to origin after invoicing → a credit note. */
export async function taxDocumentsOnShipmentMove(_tx: Queryable, _moved: ShipmentMoved): Promise<void> {}

/** An order became complete (COD placed, online paid): in 'placed' mode each live shipment gets its invoice now. */
export async function taxDocumentsOnOrderCompleted(
  _tx: Queryable,
  _orderId: string,
  _at: Date,
): Promise<void> {}

/** A return's goods came back: a credit note for its units (not for an exchange whose new size ships). */
export async function taxDocumentsOnReturnReceived(
  _tx: Queryable,
  _returnRequestId: string,
  _at: Date,
): Promise<void> {}

/** Issuing a document once per cause with a gap-free number, for other modules (commission invoices, ADR 0118). */
export { issueDocument as issueTaxDocument } from './documents.repo.ts';
