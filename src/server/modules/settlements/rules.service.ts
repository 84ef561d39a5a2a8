import { randomUUID } from 'node:crypto';
import { canonicalRate, indiaDate } from '#shared/gst-rates.ts';
import { describeCommission, type CommissionRule } from '#shared/ledger.ts';
import { parseMoney, toWireNumber } from '#shared/money.ts';
import { includesSellerRole } from '#shared/roles.ts';
import type {
  AdjustmentForm,
  CommissionRuleForm,
  CommissionRuleWire,
  LedgerEntryWire,
  SettlementSettingsForm,
  SettlementSettingsWire,
} from '#shared/schemas/settlements.ts';
import type { Database, Queryable } from '../../db/client.ts';
import { conflict, invalid, notFound } from '../../lib/errors.ts';
import type { AuthedCtx } from '../../lib/types.ts';
import { findUserRecord } from '../accounts/accounts.service.ts';
import * as ledger from './ledger.repo.ts';
import * as repo from './rules.repo.ts';
import { entryToWire } from './statements.service.ts';

/**
 * Commission rules, settlement settings and manual adjustments (docs/product/settlements.md;
 * docs/decisions/0123-commission-rules-and-cod-remittance.md). The ledger applies the rules when it
 * records a sale (ledger.service.ts `recordSale`): the rule in force on the India date the order was
 * placed, so a rule made today never rewrites the commission of orders placed on earlier days.
 */

export const RULES_MSG = {
  sellerNotFound: 'Seller not found',
  notASeller: 'This account is not a seller.',
  categoryNotFound: 'Category not found',
  productNotFound: 'Product not found',
  productSeller: 'A product rule may only name the product’s own seller.',
  productCategory: 'A product rule may only name the product’s own category.',
  fromToday: 'A rule can only take effect from today (India time) or later.',
  ruleNotFound: 'Commission rule not found',
  endBeforeStart: 'The end date must not be before the rule’s start date.',
  endBeforeToday: 'A rule can only be ended today (India time) or later.',
  alreadyEnded: 'This rule has already ended',
  endedOn: (date: string) => `This rule has already ended (on ${date}).`,
} as const;

type Ctx = AuthedCtx & { db: Database };
type RuleFormValues = Required<CommissionRuleForm> & { fixed: string; min: string; max: string };

const rupeesOrNull = (v: string): number | null => (v === '' ? null : parseMoney(v));
const wireOrNull = (p: number | null): number | null => (p === null ? null : toWireNumber(p));

/** The rule as pickCommissionRule and describeCommission see it. */
export const asCommissionRule = (r: repo.CommissionRuleRow): CommissionRule => ({
  id: r.id,
  sellerId: r.sellerId,
  categoryId: r.categoryId,
  productId: r.productId,
  kind: r.kind,
  percent: r.percent === null ? null : canonicalRate(r.percent),
  fixedPaise: r.fixedPaise,
  minPaise: r.minPaise,
  maxPaise: r.maxPaise,
  effectiveFrom: r.effectiveFrom,
  effectiveTo: r.effectiveTo,
});

const ruleWire = (r: repo.CommissionRuleRecord): CommissionRuleWire => {
  const rule = asCommissionRule(r);
  return {
    _id: r.id,
    sellerId: r.sellerId,
    sellerName: r.sellerName,
    categoryId: r.categoryId,
    categoryName: r.categoryName,
    productId: r.productId,
    productName: r.productName,
    kind: r.kind,
    percent: rule.percent,
    fixed: wireOrNull(r.fixedPaise),
    min: wireOrNull(r.minPaise),
    max: wireOrNull(r.maxPaise),
    effectiveFrom: r.effectiveFrom,
    effectiveTo: r.effectiveTo,
    description: describeCommission(rule, '0'),
    note: r.note,
  };
};

const fieldError = (path: string, message: string) => invalid(message, [{ path, message }]);

/** A live account with a seller role: 404 without one, 400 (on `path`) when it is not a seller. */
async function requireSeller(db: Queryable, sellerId: string, path: string): Promise<void> {
  const record = await findUserRecord(db, sellerId);
  if (!record) throw notFound(RULES_MSG.sellerNotFound);
  if (!includesSellerRole(record.roles)) throw fieldError(path, RULES_MSG.notASeller);
}

/** GET /api/admin/commission-rules: every rule, newest first. */
export async function listRules(ctx: AuthedCtx): Promise<{ rules: CommissionRuleWire[] }> {
  return { rules: (await repo.ruleRecords(ctx.db)).map(ruleWire) };
}

/**
 * POST /api/admin/commission-rules: a rule for a seller, a category, a product, or a seller within a
 * category, from today (India calendar) or later. A product rule may also name the product's own seller
 * and category (nothing else: it could never match).
 */
export async function createRule(
  ctx: Ctx,
  form: RuleFormValues,
  now: Date = new Date(),
): Promise<CommissionRuleWire> {
  if (form.effectiveFrom < indiaDate(now)) throw fieldError('effectiveFrom', RULES_MSG.fromToday);
  if (form.sellerId) await requireSeller(ctx.db, form.sellerId, 'sellerId');
  if (form.categoryId && !(await repo.categoryExists(ctx.db, form.categoryId)))
    throw notFound(RULES_MSG.categoryNotFound);
  if (form.productId) {
    const product = await repo.productSeller(ctx.db, form.productId);
    if (!product) throw notFound(RULES_MSG.productNotFound);
    if (form.sellerId && form.sellerId !== product.sellerId)
      throw fieldError('sellerId', RULES_MSG.productSeller);
    if (form.categoryId && form.categoryId !== product.categoryId)
      throw fieldError('categoryId', RULES_MSG.productCategory);
  }
  const row = await repo.insertRule(ctx.db, {
    sellerId: form.sellerId || null,
    categoryId: form.categoryId || null,
    productId: form.productId || null,
    kind: form.kind,
    percent: form.kind === 'percent' ? canonicalRate(form.percent) : null,
    fixedPaise: form.kind === 'fixed' ? rupeesOrNull(form.fixed) : null,
    minPaise: rupeesOrNull(form.min),
    maxPaise: rupeesOrNull(form.max),
    effectiveFrom: form.effectiveFrom,
    effectiveTo: form.effectiveTo || null,
    note: form.note,
    createdBy: ctx.actor.id,
  });
  const [record] = await repo.ruleRecords(ctx.db, row.id);
  return ruleWire(record!);
}

/**
 * PUT /api/admin/commission-rules/:id/end: the rule's last day, not before its start nor before today, so
 * orders already placed keep it. A rule that already ended before today stays as it is (409).
 */
export async function endRule(
  ctx: Ctx,
  id: string,
  effectiveTo: string,
  now: Date = new Date(),
): Promise<CommissionRuleWire> {
  const today = indiaDate(now);
  await ctx.db.transaction(async (tx) => {
    const rule = await repo.lockRule(tx, id);
    if (!rule) throw notFound(RULES_MSG.ruleNotFound);
    if (rule.effectiveTo !== null && rule.effectiveTo < today)
      throw conflict(RULES_MSG.endedOn(rule.effectiveTo));
    if (effectiveTo < rule.effectiveFrom) throw fieldError('effectiveTo', RULES_MSG.endBeforeStart);
    if (effectiveTo < today) throw fieldError('effectiveTo', RULES_MSG.endBeforeToday);
    await repo.setRuleEnd(tx, id, effectiveTo);
  });
  const [record] = await repo.ruleRecords(ctx.db, id);
  return ruleWire(record!);
}

// ---------------------------------------------------------------------------------------------------------
// Settings

const settingsWire = (s: ledger.SettlementSettingsRow): SettlementSettingsWire => ({
  saleOn: s.saleOn,
  cycleDays: s.cycleDays,
  tcsRate: canonicalRate(s.tcsRate),
  tdsRate: canonicalRate(s.tdsRate),
  tdsRateWithoutPan: canonicalRate(s.tdsRateWithoutPan),
  codFee: toWireNumber(s.codFeePaise),
  codFeePercent: canonicalRate(s.codFeePercent),
  payoutRail: s.payoutRail,
  minimumPayout: toWireNumber(s.minimumPayoutPaise),
});

/** GET /api/admin/settlement-settings. */
export async function getSettings(ctx: AuthedCtx): Promise<SettlementSettingsWire> {
  return settingsWire(await ledger.readSettlementSettings(ctx.db));
}

/**
 * PUT /api/admin/settlement-settings: applies to events from now on (a sale already recorded keeps its
 * rates; saleOn 'shipped' records sales of parcels shipped from now on).
 */
export async function putSettings(
  ctx: AuthedCtx,
  form: Omit<Required<SettlementSettingsForm>, 'cycleDays' | 'codFee' | 'minimumPayout'> & {
    cycleDays: number;
    codFee: string;
    minimumPayout: string;
  },
): Promise<SettlementSettingsWire> {
  const row = await repo.saveSettlementSettings(ctx.db, {
    saleOn: form.saleOn,
    cycleDays: form.cycleDays,
    tcsRate: canonicalRate(form.tcsRate),
    tdsRate: canonicalRate(form.tdsRate),
    tdsRateWithoutPan: canonicalRate(form.tdsRateWithoutPan),
    codFeePaise: parseMoney(form.codFee),
    codFeePercent: canonicalRate(form.codFeePercent),
    payoutRail: form.payoutRail,
    minimumPayoutPaise: parseMoney(form.minimumPayout),
  });
  return settingsWire(row);
}

// ---------------------------------------------------------------------------------------------------------
// Adjustments

/** A freshly written entry of no order, shipment or payout, on the wire (the statements' mapping). */
function newEntryWire(e: ledger.LedgerEntryRow): LedgerEntryWire {
  return entryToWire({
    ...e,
    reversal: e.reversalOf !== null,
    orderNumber: null,
    lineName: null,
    lineSize: null,
    lineColour: null,
    taxDocumentNumber: null,
    claimedBy: null,
    claimState: null,
    bucket: 'payable',
  });
}

/**
 * POST /api/admin/ledger-adjustments: one 'adjustment' entry (signed: + owed to the seller) with the
 * Admin's reason. Its cause is the Admin's `Idempotency-Key` when sent (the form sends one per adjustment),
 * so a double click or a retried request writes it once and answers the first (`created` false); without
 * a key every call is a new adjustment. It has no shipment, so it is payable at once (or, negative, taken
 * from the next payout).
 */
export async function createAdjustment(
  ctx: AuthedCtx,
  form: Required<AdjustmentForm> & { amount: string },
  idempotencyKey: string | null = null,
): Promise<{ entry: LedgerEntryWire; created: boolean }> {
  await requireSeller(ctx.db, form.sellerId, 'sellerId');
  const cause = idempotencyKey
    ? `adjustment:${ctx.actor.id}:${idempotencyKey}`
    : `adjustment:${randomUUID()}`;
  const [row] = await ledger.appendEntries(ctx.db, [
    {
      sellerId: form.sellerId,
      kind: 'adjustment',
      amount: parseMoney(form.amount),
      cause,
      note: form.reason,
      createdBy: ctx.actor.id,
    },
  ]);
  if (row) return { entry: newEntryWire(row), created: true };
  const first = await ledger.entryByCause(ctx.db, 'adjustment', cause);
  if (!first) throw new Error('createAdjustment: nothing written');
  if (first.sellerId !== form.sellerId || first.amount !== parseMoney(form.amount)) {
    throw conflict('This Idempotency-Key was used for another adjustment.');
  }
  return { entry: newEntryWire(first), created: false };
}
