import { returnMove, returnReasonLabel, type ActorRole } from '#shared/fulfilment.ts';
import { isAdmin, isSeller, type Actor } from '#shared/permissions.ts';
import { refundAccountSchema, type RefundAccount, type ReturnRequest } from '#shared/schemas/fulfilment.ts';
import type { Queryable } from '../../db/client.ts';
import * as repo from './returns.repo.ts';

/**
 * Return and exchange requests (docs/decisions/0112-returns-and-exchanges.md): what other modules read of
 * them (the buyer's order page) and the moves the routes make.
 */

type ReturnAction = ReturnRequest['actions'][number];

/** The role the viewer acts in on this request, or null when it may not see it. */
function roleOn(viewer: Actor | null, r: { buyerId: string; sellerId: string }): ActorRole | null {
  if (!viewer) return null;
  if (isAdmin(viewer)) return 'admin';
  if (isSeller(viewer) && viewer.id === r.sellerId) return 'seller';
  if (viewer.id === r.buyerId) return 'buyer';
  return null;
}

/** What `viewer` may do with a request now (the UI shows exactly these). */
export function actionsOf(viewer: Actor | null, r: repo.ReturnRow): ReturnAction[] {
  const role = roleOn(viewer, r);
  if (!role || !viewer?.active) return [];
  const out: ReturnAction[] = [];
  if (role !== 'buyer' && returnMove(r.state, 'approved', role)) out.push('approve');
  if (role !== 'buyer' && returnMove(r.state, 'rejected', role)) out.push('reject');
  if (returnMove(r.state, 'cancelled', role)) out.push('withdraw');
  if (returnMove(r.state, 'picked_up', role)) out.push('picked_up');
  if (returnMove(r.state, 'received', role)) out.push('receive');
  return out;
}

function accountOf(raw: unknown): RefundAccount | null {
  const parsed = refundAccountSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

/** The wire shape of a request as `viewer` sees it (the refund account only for Admin and the buyer). */
export function toWire(viewer: Actor | null, r: repo.ReturnView): ReturnRequest {
  const showAccount = isAdmin(viewer) || viewer?.id === r.buyerId;
  return {
    _id: r.id,
    orderId: r.orderId,
    orderNumber: r.orderNumber,
    shipmentId: r.shipmentId,
    orderItem: r.orderItemId,
    name: r.lineName,
    image: r.lineImage[0] ?? null,
    size: r.lineSize,
    colour: r.lineColour,
    kind: r.kind,
    qty: r.qty,
    reason: r.reason,
    reasonLabel: returnReasonLabel(r.reason),
    comment: r.comment,
    media: r.media,
    exchangeVariant:
      r.exchangeVariantId && r.exchangeSize !== null
        ? {
            _id: r.exchangeVariantId,
            size: r.exchangeSize,
            colour: r.exchangeColour,
            reserved: r.exchangeReserved,
          }
        : null,
    state: r.state,
    rejectReason: r.rejectReason,
    pickupScheduledFor: r.pickupScheduledFor,
    buyer: { _id: r.buyerId, name: r.buyerName },
    seller: { _id: r.sellerId, name: r.sellerName },
    refundAccount: showAccount ? accountOf(r.refundAccount) : null,
    createdAt: r.createdAt.toISOString(),
    approvedAt: r.approvedAt?.toISOString() ?? null,
    receivedAt: r.receivedAt?.toISOString() ?? null,
    actions: actionsOf(viewer, r),
  };
}

/**
 * An order's return and exchange requests as `viewer` sees them: the buyer and Admin (and Distributor,
 * who sees orders) all of them, a seller only its own. The caller has checked that `viewer` may see the order.
 */
export async function returnsOfOrder(
  db: Queryable,
  orderId: string,
  viewer: Actor,
): Promise<ReturnRequest[]> {
  const rows = await repo.returnViewsOfOrder(db, orderId);
  // A seller who is not the buyer sees only its own lines' requests; the buyer, Admin and Distributor all.
  const onlyOwn = isSeller(viewer) && !isAdmin(viewer);
  return rows
    .filter((r) => !onlyOwn || r.buyerId === viewer.id || r.sellerId === viewer.id)
    .map((r) => toWire(viewer, r));
}
