import type { Queryable } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import type { AuthedCtx } from '../../lib/types.ts';
import { readGstSettings } from '../gst/gst.service.ts';
import { isValidGstin, placeOfSupplyOf, supplierStateCode } from '#shared/gst.ts';
import { indiaMonthRange } from '#shared/gst-returns.ts';
import { formatDecimal, parseMoney, sumMoney, toWireNumber } from '#shared/money.ts';
import { isAdmin, isBuyerOf, isSeller } from '#shared/permissions.ts';
import {
  taxDocumentSchema,
  type TaxDocument,
  type TaxDocumentKind,
  type TaxDocumentSummary,
} from '#shared/schemas/gst.ts';
import {
  addressLine,
  buildCreditNoteContent,
  buildInvoiceContent,
  canReadTaxDocument,
  type CreditUnits,
  type InvoiceInput,
  type TaxDocumentDraft,
} from '#shared/tax-documents.ts';
import { documentByCause, issueDocument, type DocumentDraft } from './documents.repo.ts';
import { renderTaxDocumentPdf } from './tax-document-pdf.ts';
import { translator } from '../../lib/messages.ts';
import * as repo from './tax-documents.repo.ts';

type IssuedDocument = NonNullable<Awaited<ReturnType<typeof issueDocument>>>;

/**
 * Tax documents (docs/decisions/0117-tax-invoices-and-credit-notes.md): each seller's tax invoice per
 * shipment and its credit notes, issued by the hooks other modules call inside their transactions (so a
 * document exists exactly when the move that caused it commits), and read as JSON or PDF by the buyer of
 * the order, the seller and Admin.
 */

export const TAX_DOCUMENT_MSG = {
  notFound: 'Tax document not found',
  orderNotFound: 'Order not found',
} as const;

export const invoiceCause = (shipmentId: string) => `invoice:${shipmentId}`;

export type ShipmentMoved = {
  shipmentId: string;
  orderId: string;
  sellerId: string;
  kind: 'order' | 'exchange';
  to: string;
  at: Date;
};

// ---------------------------------------------------------------------------------------------------------
// Issuing
// ---------------------------------------------------------------------------------------------------------

/** The facts of a shipment as the pure builders take them. */
async function invoiceInput(tx: Queryable, f: repo.ShipmentFacts): Promise<InvoiceInput> {
  const settings = await readGstSettings(tx);
  const gstin = f.seller.gstin && isValidGstin(f.seller.gstin) ? f.seller.gstin : null;
  // The tax split comes from what the order stored (storedIntraState); today's seller state is only printed
  // when the order stored none.
  const storedState = f.lines.find((l) => l.supplierStateCode)?.supplierStateCode ?? null;
  const billing = addressLine(f.order.billingAddress);
  const shipping = addressLine(f.order.shippingAddress);
  return {
    orderId: f.order.id,
    orderNumber: f.order.orderNumber,
    shipmentId: f.shipment.id,
    supplier: {
      name: f.seller.name,
      businessName: f.shopName ?? null,
      address: addressLine(f.seller),
      stateCode: storedState ?? supplierStateCode(f.seller) ?? null,
      gstin,
    },
    recipient: {
      name: f.order.billingAddress.name,
      businessName: f.order.buyerBusinessName || null,
      address: billing,
      stateCode: placeOfSupplyOf(f.order.billingAddress) ?? null,
      gstin: f.order.buyerGstin || null,
    },
    deliveryAddress: shipping !== billing ? shipping : null,
    placeOfSupply: f.order.placeOfSupply,
    storedSupplierStateCode: storedState,
    operator: { legalName: settings.operatorLegalName, gstin: settings.operatorGstin },
    lines: f.lines.map((l) => ({
      orderItemId: l.id,
      name: l.name,
      size: l.size,
      colour: l.colour,
      hsn: l.hsn[0] ?? '',
      qty: l.qty,
      price: l.price,
      discount: l.discount,
      discountedPrice: l.discountedPrice,
      rate: l.tax,
      cgst: l.cgst,
      sgst: l.sgst,
      igst: l.igst,
    })),
  };
}

const column = (wire: number) => formatDecimal(parseMoney(wire));

/** The row beside the frozen content: what lists and exports read. */
function draftOf(
  content: TaxDocumentDraft,
  links: { returnRequestId?: string | null; invoiceId?: string | null },
): DocumentDraft {
  return {
    orderId: content.orderId,
    shipmentId: content.shipmentId,
    returnRequestId: links.returnRequestId ?? null,
    invoiceId: links.invoiceId ?? null,
    placeOfSupply: content.placeOfSupply?.stateCode ?? null,
    recipientGstin: content.recipient.gstin,
    taxableValue: column(content.totals.taxableValue),
    cgst: column(content.totals.cgst),
    sgst: column(content.totals.sgst),
    igst: column(content.totals.igst),
    total: column(content.totals.total),
    content: content as unknown as Record<string, unknown>,
  };
}

/**
 * The tax invoice of a shipment of kind 'order', issued once (cause `invoice:<shipment>`): the existing one
 * when it was issued before. Must run inside a transaction.
 */
export async function issueInvoice(
  tx: Queryable,
  shipmentId: string,
  at: Date,
): Promise<IssuedDocument | undefined> {
  const facts = await repo.shipmentFacts(tx, shipmentId);
  if (!facts || facts.shipment.kind !== 'order' || facts.lines.length === 0) return undefined;
  return issueDocument(tx, {
    kind: 'invoice',
    sellerId: facts.shipment.sellerId,
    cause: invoiceCause(shipmentId),
    issuedAt: at,
    draft: async () => draftOf(buildInvoiceContent(await invoiceInput(tx, facts)), {}),
  });
}

/**
 * A credit note against the invoice of `shipmentId` (none issued: nothing to credit, undefined), for the
 * units `pick` chooses given what earlier credit notes gave back per line.
 */
async function issueCredit(
  tx: Queryable,
  input: {
    shipmentId: string;
    cause: string;
    reason: string;
    at: Date;
    returnRequestId?: string;
    pick: (lineQty: Map<string, number>, credited: Map<string, number[]>) => CreditUnits[];
  },
): Promise<IssuedDocument | undefined> {
  const invoice = await documentByCause(tx, invoiceCause(input.shipmentId));
  if (!invoice) return undefined;
  return issueDocument(tx, {
    kind: 'credit_note',
    sellerId: invoice.sellerId,
    cause: input.cause,
    issuedAt: input.at,
    draft: async () => {
      const facts = await repo.shipmentFacts(tx, input.shipmentId);
      if (!facts) return undefined;
      const invoiced = taxDocumentSchema.parse(invoice.content);
      const lineQty = new Map(facts.lines.map((l) => [l.id, l.qty]));
      const credited = new Map<string, number[]>();
      for (const c of await repo.creditsAgainst(tx, invoice.id)) {
        if (c.orderItemId === null) {
          // A cancellation or a return to origin credited everything that was left.
          for (const [id, qty] of lineQty) {
            const before = credited.get(id) ?? [];
            const left = qty - before.reduce((n, q) => n + q, 0);
            if (left > 0) credited.set(id, [...before, left]);
          }
        } else {
          // A return's credit note has the one line of its return: the units it actually credited.
          const qty = taxDocumentSchema.parse(c.content).lines.reduce((n, l) => n + l.qty, 0);
          credited.set(c.orderItemId, [...(credited.get(c.orderItemId) ?? []), qty]);
        }
      }
      const units = input.pick(lineQty, credited).filter((u) => u.qty > 0);
      if (units.length === 0) return undefined;
      const content = buildCreditNoteContent({
        ...(await invoiceInput(tx, facts)),
        refersTo: { _id: invoice.id, number: invoice.number, issuedAt: invoiced.issuedAt },
        reason: input.reason,
        units,
      });
      return draftOf(content, { returnRequestId: input.returnRequestId ?? null, invoiceId: invoice.id });
    },
  });
}

/** Every unit of the shipment not credited yet. */
const everythingLeft = (lineQty: Map<string, number>, credited: Map<string, number[]>): CreditUnits[] =>
  [...lineQty].map(([orderItemId, qty]) => {
    const creditedBefore = credited.get(orderItemId) ?? [];
    return { orderItemId, qty: qty - creditedBefore.reduce((n, q) => n + q, 0), creditedBefore };
  });

/** The units of one return request (fewer when earlier credits left fewer). */
async function creditReturn(tx: Queryable, returnRequestId: string, at: Date, reason: string) {
  const ret = await repo.returnRow(tx, returnRequestId);
  if (!ret) return undefined;
  return issueCredit(tx, {
    shipmentId: ret.shipmentId,
    cause: `credit:return:${ret.id}`,
    reason,
    at,
    returnRequestId: ret.id,
    pick: (lineQty, credited) => {
      const creditedBefore = credited.get(ret.orderItemId) ?? [];
      const left = (lineQty.get(ret.orderItemId) ?? 0) - creditedBefore.reduce((n, q) => n + q, 0);
      return [{ orderItemId: ret.orderItemId, qty: Math.min(ret.qty, left), creditedBefore }];
    },
  });
}

const CREDIT_REASON = {
  cancelled: 'Cancelled',
  returned_to_origin: 'Returned to seller (refused or undeliverable)',
  returned: 'Returned',
  exchangeFailed: 'Returned (exchange not delivered)',
} as const;

/**
 * A shipment moved. Of kind 'order': shipped → its tax invoice (in 'placed' mode it usually exists already
 * and is returned as it is); cancelled or returned to origin after invoicing → a credit note for what was
 * not credited yet. Of kind 'exchange' (the new size of an exchange), cancelled or returned to origin: the
 * buyer is refunded the units sent back, so they get the credit note a return would have had.
 */
export async function taxDocumentsOnShipmentMove(tx: Queryable, moved: ShipmentMoved): Promise<void> {
  if (moved.kind === 'order') {
    if (moved.to === 'shipped') {
      await issueInvoice(tx, moved.shipmentId, moved.at);
    } else if (moved.to === 'cancelled' || moved.to === 'returned_to_origin') {
      await issueCredit(tx, {
        shipmentId: moved.shipmentId,
        cause: `credit:${moved.to === 'cancelled' ? 'cancel' : 'rto'}:${moved.shipmentId}`,
        reason: CREDIT_REASON[moved.to],
        at: moved.at,
        pick: everythingLeft,
      });
    }
    return;
  }
  if (moved.to === 'cancelled' || moved.to === 'returned_to_origin') {
    const facts = await repo.shipmentFacts(tx, moved.shipmentId);
    const returnRequestId = facts?.shipment.returnRequestId;
    if (returnRequestId) await creditReturn(tx, returnRequestId, moved.at, CREDIT_REASON.exchangeFailed);
  }
}

/** An order became complete (COD placed, online paid): in 'placed' mode each live shipment gets its invoice now. */
export async function taxDocumentsOnOrderCompleted(tx: Queryable, orderId: string, at: Date): Promise<void> {
  const settings = await readGstSettings(tx);
  if (settings.invoiceOn !== 'placed') return;
  for (const shipmentId of await repo.liveOrderShipmentIds(tx, orderId)) {
    await issueInvoice(tx, shipmentId, at);
  }
}

/**
 * A return's goods came back: a credit note for its units when the shipment was invoiced. An exchange whose
 * new size is held ships that size instead (same goods, same value): no credit note and no new invoice; if
 * that parcel later fails, its cancellation or return to origin issues the credit note (above).
 */
export async function taxDocumentsOnReturnReceived(
  tx: Queryable,
  returnRequestId: string,
  at: Date,
): Promise<void> {
  const ret = await repo.returnRow(tx, returnRequestId);
  if (!ret) return;
  if (ret.kind === 'exchange' && ret.exchangeReserved && ret.exchangeVariantId) return;
  await creditReturn(tx, ret.id, at, CREDIT_REASON.returned);
}

// ---------------------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------------------

type ListRow = Awaited<ReturnType<typeof repo.listDocuments>>[number];

function toSummary(r: ListRow): TaxDocumentSummary {
  const tax = sumMoney([r.cgst, r.sgst, r.igst].map((v) => parseMoney(v)));
  return {
    _id: r.id,
    kind: r.kind,
    number: r.number,
    issuedAt: r.issuedAt.toISOString(),
    sellerId: r.sellerId,
    sellerName: r.sellerName,
    orderId: r.orderId,
    orderNumber: r.orderNumber,
    shipmentId: r.shipmentId,
    invoiceId: r.invoiceId,
    taxableValue: toWireNumber(parseMoney(r.taxableValue)),
    tax: toWireNumber(tax),
    total: toWireNumber(parseMoney(r.total)),
  };
}

export type DocumentListQuery = { month?: string; kind?: TaxDocumentKind; seller?: string };

/** [from, to) of a month of the India calendar, or no bounds. */
function rangeOf(month: string | undefined): { from?: Date; to?: Date } {
  if (!month) return {};
  const { start, end } = indiaMonthRange(month);
  return { from: start, to: end };
}

/**
 * GET /api/orders/:id/tax-documents: the buyer and Admin see all of the order's documents, a seller its own
 * of that order; anybody else (and a seller with no part in it) 404.
 */
export async function orderDocuments(ctx: AuthedCtx, orderId: string): Promise<TaxDocumentSummary[]> {
  const buyerId = await repo.orderBuyer(ctx.db, orderId);
  if (!buyerId) throw notFound(TAX_DOCUMENT_MSG.orderNotFound);
  if (isAdmin(ctx.actor) || isBuyerOf(ctx.actor, buyerId))
    return (await repo.listDocuments(ctx.db, { orderId })).map(toSummary);
  if (isSeller(ctx.actor) && (await repo.sellerHasLines(ctx.db, orderId, ctx.actor.id)))
    return (await repo.listDocuments(ctx.db, { orderId, sellerId: ctx.actor.id })).map(toSummary);
  throw notFound(TAX_DOCUMENT_MSG.orderNotFound);
}

/** GET /api/seller/tax-documents: the active seller's own documents (its invoices, credit notes and commission invoices). */
export async function sellerDocuments(ctx: AuthedCtx, q: DocumentListQuery): Promise<TaxDocumentSummary[]> {
  const rows = await repo.listDocuments(ctx.db, {
    sellerId: ctx.actor.id,
    kind: q.kind,
    ...rangeOf(q.month),
  });
  return rows.map(toSummary);
}

/** GET /api/tax-documents (Admin): every document, by month, seller and kind. */
export async function allDocuments(ctx: AuthedCtx, q: DocumentListQuery): Promise<TaxDocumentSummary[]> {
  const rows = await repo.listDocuments(ctx.db, { sellerId: q.seller, kind: q.kind, ...rangeOf(q.month) });
  return rows.map(toSummary);
}

/** One document as its reader may see it, else 404. */
async function readable(ctx: AuthedCtx, id: string): Promise<TaxDocument> {
  const found = await repo.documentWithBuyer(ctx.db, id);
  if (!found || !canReadTaxDocument(ctx.actor, { sellerId: found.doc.sellerId, buyerId: found.buyerId }))
    throw notFound(TAX_DOCUMENT_MSG.notFound);
  return taxDocumentSchema.parse(found.doc.content);
}

/** GET /api/tax-documents/:id: the document as issued (JSON). */
export const getDocument = (ctx: AuthedCtx, id: string): Promise<TaxDocument> => readable(ctx, id);

/**
 * GET /api/tax-documents/:id/pdf: the document as a PDF, named after its number ('INV-26-27-000001.pdf'),
 * its labels in the request's `language` (ADR 0137).
 */
export async function documentPdf(
  ctx: AuthedCtx,
  id: string,
  language = 'en',
): Promise<{ pdf: Buffer; filename: string }> {
  const doc = await readable(ctx, id);
  return {
    pdf: await renderTaxDocumentPdf(doc, translator(language)),
    filename: `${doc.number.replace(/\//g, '-')}.pdf`,
  };
}

/** Issuing a document once per cause with a gap-free number, for other modules (commission invoices, ADR 0118). */
export { issueDocument as issueTaxDocument } from './documents.repo.ts';
