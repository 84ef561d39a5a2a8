import type { Queryable } from '../../db/client.ts';
import { readGstSettings } from '../gst/gst.service.ts';
import { canonicalRate, indiaDate } from '#shared/gst-rates.ts';
import {
  codFeeEntry,
  keptUnitsReversal,
  panOfGstin,
  pickCommissionRule,
  reversalAmount,
  saleEntries,
  type LedgerRates,
} from '#shared/ledger.ts';
import { parseMoney } from '#shared/money.ts';
import * as repo from './ledger.repo.ts';

/**
 * The ledger's hooks (docs/decisions/0120-seller-ledger.md): called inside the transactions that move
 * shipments and receive returns, so money and goods move together or not at all. Every write is keyed
 * by its cause, so calling a hook twice for one event writes once.
 */

export { readSettlementSettings, type LedgerEntryRow } from './ledger.repo.ts';

export type ShipmentMovedForLedger = {
  shipmentId: string;
  sellerId: string;
  kind: 'order' | 'exchange';
  to: string;
  at: Date;
};

async function ratesOf(tx: Queryable): Promise<{ rates: LedgerRates; settings: repo.SettlementSettingsRow }> {
  const [settings, gst] = await Promise.all([repo.readSettlementSettings(tx), readGstSettings(tx)]);
  return {
    settings,
    rates: {
      // '0.50' as stored → '0.5', as each entry records it.
      commissionGstRate: canonicalRate(gst.commissionGstRate),
      tcsRate: canonicalRate(settings.tcsRate),
      tdsRate: canonicalRate(settings.tdsRate),
      tdsRateWithoutPan: canonicalRate(settings.tdsRateWithoutPan),
    },
  };
}

/**
 * The sale of a shipment of kind 'order': per line the sale, its GST, commission (the rule recorded),
 * GST on commission, TCS and TDS; for cash on delivery the collection fee. Cause `sale:<shipment>`.
 */
export async function recordSale(
  tx: Queryable,
  shipmentId: string,
  at: Date,
): Promise<repo.LedgerEntryRow[]> {
  // Recorded once: a sale written on shipping is not topped up on delivery (say, by a COD fee set since).
  if ((await repo.saleEntriesOf(tx, shipmentId)).length > 0) return [];
  const facts = await repo.saleFacts(tx, shipmentId);
  if (!facts || facts.shipment.kind !== 'order') return [];
  const { rates, settings } = await ratesOf(tx);
  const rules = await repo.commissionRulesFor(tx, facts.shipment.sellerId);
  const on = indiaDate(facts.order.createdAt);
  const hasPan = Boolean(facts.pan ?? panOfGstin(facts.gstin));
  const common = {
    sellerId: facts.shipment.sellerId,
    cause: `sale:${shipmentId}`,
    orderId: facts.shipment.orderId,
    shipmentId,
    taxDocumentId: facts.invoiceId,
    at,
  };
  const rows: repo.LedgerEntryInsert[] = [];
  for (const l of facts.lines) {
    const rule = pickCommissionRule(
      rules,
      { sellerId: facts.shipment.sellerId, categoryId: l.categoryId, productId: l.productId },
      on,
    );
    const drafts = saleEntries(
      {
        qty: l.qty,
        unitPrice: parseMoney(l.price),
        discountPerUnit: parseMoney(l.discount),
        markup: l.percentageMarkup,
        gst: parseMoney(l.taxAmount),
        rule,
      },
      rates,
      hasPan,
    );
    for (const d of drafts) rows.push(repo.entryRow(d, { ...common, orderItemId: l.orderItemId }));
  }
  if (facts.order.paymentMethod === 'CashOnDelivery') {
    const fee = codFeeEntry(
      repo.collectedPaise(facts.lines),
      settings.codFeePaise,
      canonicalRate(settings.codFeePercent),
    );
    if (fee) rows.push(repo.entryRow(fee, { ...common, orderItemId: null }));
  }
  return repo.appendEntries(tx, rows);
}

export type ReverseInput = {
  shipmentId: string;
  /** 'cancel:<shipment>', 'rto:<shipment>', 'return:<request>'. */
  cause: string;
  /** Units per order line to take back; 'rest' = everything not reversed yet (and the COD fee). */
  units: { orderItemId: string; qty: number }[] | 'rest';
  at: Date;
  returnRequestId?: string | null;
  taxDocumentId?: string | null;
  note: string;
};

/**
 * Takes back the sale entries of some units of a shipment: each entry so that what is left is the entry
 * of the units kept (`keptUnitsReversal`; the GST on the sale by its cumulative share), so the pieces add
 * up to the entry. A line's units reversed so far are counted on the line, not the entry: a reversal too
 * small to write for one entry (0 paise of TDS) still counts for the next one. Nothing recorded yet (the
 * sale is written on delivery and the parcel never arrived): nothing to take back.
 */
export async function reverseSale(tx: Queryable, input: ReverseInput): Promise<repo.LedgerEntryRow[]> {
  const entries = await repo.saleEntriesOf(tx, input.shipmentId);
  const lines = await repo.lineValues(
    tx,
    entries.flatMap((e) => (e.orderItemId ? [e.orderItemId] : [])),
  );
  const rules = await repo.commissionRulesByIds(
    tx,
    entries.flatMap((e) => (e.commissionRuleId ? [e.commissionRuleId] : [])),
  );
  const reversedOfLine = new Map<string, number>();
  for (const e of entries) {
    if (e.orderItemId) {
      reversedOfLine.set(e.orderItemId, Math.max(reversedOfLine.get(e.orderItemId) ?? 0, e.unitsReversed));
    }
  }
  const rows: repo.LedgerEntryInsert[] = [];
  for (const e of entries) {
    let amount: number;
    let qty: number | null = null;
    if (e.qty === null || e.orderItemId === null) {
      // The COD fee: the whole rest when the parcel is cancelled or comes back; a return keeps it.
      if (input.units !== 'rest') continue;
      amount = -(e.amount + e.amountReversed);
    } else {
      const before = reversedOfLine.get(e.orderItemId) ?? e.unitsReversed;
      const want =
        input.units === 'rest'
          ? e.qty - before
          : (input.units.find((u) => u.orderItemId === e.orderItemId)?.qty ?? 0);
      const now = Math.min(want, e.qty - before);
      if (now <= 0) continue;
      const line = lines.get(e.orderItemId);
      amount = line
        ? keptUnitsReversal(
            { kind: e.kind, amount: e.amount, qty: e.qty, rate: e.rate },
            line,
            e.commissionRuleId ? rules.get(e.commissionRuleId) : undefined,
            before,
            now,
          )
        : reversalAmount(e.amount, e.qty, before, now);
      qty = now;
    }
    if (amount === 0) continue;
    rows.push({
      sellerId: e.sellerId,
      kind: e.kind,
      amount,
      cause: input.cause,
      reversalOf: e.id,
      orderId: e.orderId,
      shipmentId: e.shipmentId,
      orderItemId: e.orderItemId,
      returnRequestId: input.returnRequestId ?? null,
      taxDocumentId: input.taxDocumentId ?? null,
      qty,
      base: e.base,
      rate: e.rate,
      rule: e.rule,
      commissionRuleId: e.commissionRuleId,
      note: input.note,
      at: input.at,
    });
  }
  return repo.appendEntries(tx, rows);
}

/**
 * A shipment moved (called by moveShipment after its tax documents): an 'order' parcel reaching the
 * settings' sale moment (delivered, or shipped) records its sale; cancelled or back at the seller takes
 * back what was recorded. An exchange parcel cancelled or back: the buyer is refunded the exchanged
 * units, so the original sale of those units is taken back as a return would have.
 */
export async function ledgerOnShipmentMove(tx: Queryable, moved: ShipmentMovedForLedger): Promise<void> {
  const cancelled = moved.to === 'cancelled' || moved.to === 'returned_to_origin';
  if (moved.kind === 'order') {
    const settings = await repo.readSettlementSettings(tx);
    // Delivery records the sale whatever the setting says now: a parcel shipped while sales were
    // recorded on delivery, then delivered after the setting changed to shipping, would otherwise never
    // record it (the write is keyed by its cause, so a sale recorded on shipping is not written twice).
    if (moved.to === settings.saleOn || moved.to === 'delivered') {
      await recordSale(tx, moved.shipmentId, moved.at);
    } else if (cancelled) {
      const tag = moved.to === 'cancelled' ? 'cancel' : 'rto';
      await reverseSale(tx, {
        shipmentId: moved.shipmentId,
        cause: `${tag}:${moved.shipmentId}`,
        units: 'rest',
        at: moved.at,
        taxDocumentId: await repo.creditNoteId(tx, `credit:${tag}:${moved.shipmentId}`),
        note:
          moved.to === 'cancelled' ? 'Shipment cancelled' : 'Returned to seller (refused or undeliverable)',
      });
    }
    return;
  }
  if (cancelled) {
    const returnRequestId = await repo.returnOfShipment(tx, moved.shipmentId);
    if (returnRequestId)
      await reverseReturn(tx, returnRequestId, moved.at, 'Exchange not delivered: refunded');
  }
}

async function reverseReturn(tx: Queryable, returnRequestId: string, at: Date, note: string): Promise<void> {
  const ret = await repo.returnFacts(tx, returnRequestId);
  if (!ret) return;
  await reverseSale(tx, {
    shipmentId: ret.shipmentId,
    cause: `return:${ret.id}`,
    units: [{ orderItemId: ret.orderItemId, qty: ret.qty }],
    at,
    returnRequestId: ret.id,
    taxDocumentId: await repo.creditNoteId(tx, `credit:return:${ret.id}`),
    note,
  });
}

/**
 * A return's goods came back (called by receiveReturn after its credit note): the sale of its units is
 * taken back. An exchange whose new size is held is the same sale in another size: nothing moves (if
 * that parcel fails, ledgerOnShipmentMove takes the units back then).
 */
export async function ledgerOnReturnReceived(
  tx: Queryable,
  returnRequestId: string,
  at: Date,
): Promise<void> {
  const ret = await repo.returnFacts(tx, returnRequestId);
  if (!ret) return;
  if (ret.kind === 'exchange' && ret.exchangeReserved && ret.exchangeVariantId) return;
  await reverseReturn(tx, ret.id, at, 'Returned by the buyer');
}
