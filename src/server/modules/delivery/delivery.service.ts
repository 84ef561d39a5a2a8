import {
  DELIVERY_MSG,
  SPECIAL_REGIONS,
  codCountryEligibility,
  codEligibility,
  daysOfZone,
  deliverability,
  deliveryDate,
  isIndia,
  isPincode,
  zoneOf,
  type PincodeRules,
  type SellerArea,
  type Zone,
} from '#shared/delivery.ts';
import type { CodSettings } from '#shared/cod.ts';
import { ERROR_CODES } from '#shared/errors.ts';
import { formatDecimal, parseMoney, sumMoney, toWireNumber } from '#shared/money.ts';
import type {
  DeliveryPromise,
  DeliveryQuote,
  DeliverySettings,
  PincodeFlags,
  PincodeRow,
  QuoteBody,
  SellerDeliveryArea,
} from '#shared/schemas/delivery.ts';
import type { Queryable } from '../../db/client.ts';
import { conflict, invalid, notFound } from '../../lib/errors.ts';
import type { AuthedCtx, Ctx } from '../../lib/types.ts';
import { rtoCountOfBuyer } from '../fulfilment/fulfilment.service.ts';
import * as repo from './delivery.repo.ts';

/**
 * The delivery promise (docs/decisions/0113-delivery-promise.md): whether a seller's parcel reaches a
 * pincode, by which date, and whether cash on delivery is offered. The rules are the pure functions of
 * #shared/delivery.ts; this module reads the facts they need (the pincode's operator flags, the settings,
 * each seller's origin pincode and delivery area, the buyer's returned-to-origin count).
 */

export const DELIVERY_SERVICE_MSG = {
  productNotFound: 'Product not found',
  pincodeNotFound: (pincode: string) => `Pincode ${pincode} is not in the table`,
  unknownState: (state: string) => `${state} is not one of India's states or union territories.`,
} as const;

/** '400 001' → '400001': a pincode may be typed with a space after the third digit. */
const normalisePincode = (code: string) => code.replace(/\s+/g, '');

const toRules = (r: repo.PincodeRecord): PincodeRules => ({
  pincode: r.pincode,
  state: r.state,
  district: r.district,
  serviceable: r.serviceable,
  codAllowed: r.codAllowed,
  codLimit: r.codLimit === null ? null : parseMoney(r.codLimit),
});

const toArea = (a: repo.AreaRecord | null): SellerArea | null =>
  a
    ? {
        states: a.states,
        excludedPrefixes: a.excludedPrefixes,
        codAllowed: a.codAllowed,
        handlingDays: a.handlingDays,
      }
    : null;

/** The pincode's row, or 400 in words: not six digits, or not a pincode of the table. */
async function knownPincode(db: Queryable, raw: string): Promise<repo.PincodeRecord> {
  const code = normalisePincode(raw);
  if (!isPincode(code)) throw invalid(DELIVERY_MSG.invalidPincode);
  const row = await repo.pincode(db, code);
  if (!row) throw invalid(DELIVERY_MSG.unknownPincode(code));
  return row;
}

type SellerPromise = {
  sellerId: string;
  shop: string;
  area: SellerArea | null;
  deliverable: boolean;
  reason?: string;
  deliveryBy: string | null;
};

/** Each seller's answer for one pincode: ships there or why not, and the promised date. */
function promiseOfSeller(
  sellerId: string,
  facts: repo.SellerFacts | undefined,
  pin: PincodeRules,
  settings: repo.SettingsRow,
  now: Date,
): SellerPromise {
  const shop = facts?.shop ?? 'This seller';
  const area = toArea(facts?.area ?? null);
  const can = deliverability(pin, area, shop);
  if (!can.ok) return { sellerId, shop, area, deliverable: false, reason: can.reason, deliveryBy: null };
  // A seller whose own pincode is not an Indian one of the table ships as from another state.
  const zone: Zone =
    facts?.originState && facts.originDistrict
      ? zoneOf(
          { pincode: facts.postalCode ?? '', state: facts.originState, district: facts.originDistrict },
          pin,
        )
      : SPECIAL_REGIONS.has(pin.state)
        ? 'special'
        : 'other_state';
  const handling = area?.handlingDays ?? settings.handlingDays;
  return {
    sellerId,
    shop,
    area,
    deliverable: true,
    deliveryBy: deliveryDate(now, handling, daysOfZone(settings, zone)),
  };
}

async function sellerPromises(
  db: Queryable,
  sellerIds: string[],
  pin: PincodeRules,
  settings: repo.SettingsRow,
  now: Date,
): Promise<Map<string, SellerPromise>> {
  const unique = [...new Set(sellerIds)];
  const facts = await repo.sellerFacts(db, unique);
  return new Map(unique.map((id) => [id, promiseOfSeller(id, facts.get(id), pin, settings, now)]));
}

/** GET /api/delivery/promise: one product to one pincode, for anybody (the product page). */
export async function promiseForProduct(
  ctx: Ctx,
  input: { product: string; pincode: string },
  now = new Date(),
): Promise<DeliveryPromise> {
  const product = (await repo.productSellers(ctx.db, [input.product])).get(input.product);
  if (!product) throw notFound(DELIVERY_SERVICE_MSG.productNotFound);
  const row = await knownPincode(ctx.db, input.pincode);
  const pin = toRules(row);
  const settings = await repo.settings(ctx.db);
  const seller = (await sellerPromises(ctx.db, [product.sellerId], pin, settings, now)).get(
    product.sellerId,
  )!;
  const base = { pincode: pin.pincode, place: { district: pin.district, state: pin.state } };
  if (!seller.deliverable)
    return { ...base, deliverable: false, deliveryBy: null, cod: false, reason: seller.reason! };
  // Nothing is known yet of the buyer or the order's value: those are checked at checkout.
  const cod = codEligibility({
    pin,
    sellers: [{ shop: seller.shop, area: seller.area }],
    orderValue: null,
    defaultCodLimit: parseMoney(settings.codLimit),
    rtoCount: null,
    maxRtoForCod: null,
  });
  return {
    ...base,
    deliverable: true,
    deliveryBy: seller.deliveryBy,
    cod: cod.ok,
    ...(cod.ok ? {} : { reason: cod.reason }),
  };
}

/** POST /api/delivery/quote: checkout's cart to its address, per seller, before the order is placed. */
export async function quote(ctx: AuthedCtx, input: QuoteBody, now = new Date()): Promise<DeliveryQuote> {
  const sellersOf = await repo.productSellers(
    ctx.db,
    input.lines.map((l) => l.product),
  );
  const lines = input.lines.map((l) => {
    const p = sellersOf.get(l.product);
    if (!p) throw notFound(DELIVERY_SERVICE_MSG.productNotFound);
    return { product: l.product, sellerId: p.sellerId, name: p.name };
  });
  if (!isIndia(input.country)) {
    return {
      applies: false,
      pincode: null,
      place: null,
      shipments: [],
      lines: lines.map((l) => ({ product: l.product, sellerId: l.sellerId, deliverable: true })),
      deliverable: true,
      // Cash on delivery is for Indian addresses only (docs/decisions/0113-delivery-promise.md).
      cod: false,
      codReason: DELIVERY_MSG.codIndiaOnly,
    };
  }
  const pin = toRules(await knownPincode(ctx.db, input.postalCode));
  const settings = await repo.settings(ctx.db);
  const promises = await sellerPromises(
    ctx.db,
    lines.map((l) => l.sellerId),
    pin,
    settings,
    now,
  );
  const lineAnswers = lines.map((l) => {
    const s = promises.get(l.sellerId)!;
    return {
      product: l.product,
      sellerId: l.sellerId,
      deliverable: s.deliverable,
      ...(s.deliverable ? {} : { reason: DELIVERY_MSG.lineNotDeliverable(l.name, pin.pincode) }),
    };
  });
  const refused = lineAnswers.find((l) => !l.deliverable);
  const cod = codEligibility({
    pin,
    sellers: [...promises.values()].map((s) => ({ shop: s.shop, area: s.area })),
    orderValue: input.orderValueInr === undefined ? null : parseMoney(input.orderValueInr),
    defaultCodLimit: parseMoney(settings.codLimit),
    rtoCount: settings.maxRtoForCod === null ? null : await rtoCountOfBuyer(ctx.db, ctx.actor.id),
    maxRtoForCod: settings.maxRtoForCod,
  });
  return {
    applies: true,
    pincode: pin.pincode,
    place: { district: pin.district, state: pin.state },
    shipments: [...promises.values()].map((s) => ({
      sellerId: s.sellerId,
      shop: s.shop,
      deliveryBy: s.deliveryBy,
    })),
    lines: lineAnswers,
    deliverable: !refused,
    ...(refused?.reason ? { reason: refused.reason } : {}),
    cod: cod.ok,
    ...(cod.ok ? {} : { codReason: cod.reason }),
  };
}

export type PromiseLine = {
  productId: string;
  sellerId: string;
  name: string;
  qty: number;
  /** What the buyer pays for the line in INR, GST included (the COD limit is on the sum). */
  lineTotalInr: string;
};
export type PromiseInput = {
  buyerId: string;
  country: string;
  postalCode: string;
  paymentMethod: 'RazorPay' | 'PayPal' | 'CashOnDelivery';
  lines: PromiseLine[];
  now: Date;
};

/**
 * What the promise answers: each seller's promised delivery date, and the COD holding limits read with the
 * delivery settings (so placing a COD order does not read them again under its locks).
 */
export type OrderPromise = {
  deliveryBy: ReadonlyMap<string, string | null>;
  codSettings?: CodSettings;
};

/**
 * The delivery promise at 'Place Order' (docs/decisions/0113-delivery-promise.md). Checked inside the
 * order's transaction: every line must reach the address's pincode (else 409 `not_deliverable` naming the
 * line), and cash on delivery must be allowed for every line (else 409 `cod_not_allowed`). Returns each
 * seller's promised delivery date (YYYY-MM-DD, Asia/Kolkata) and the COD holding limits; outside India no
 * promise is made (no dates, no limits) and only cash on delivery is refused (409 `cod_not_allowed`: India
 * only).
 */
export async function promiseForOrder(tx: Queryable, input: PromiseInput): Promise<OrderPromise> {
  if (!isIndia(input.country)) {
    // No promise is made outside India, and cash on delivery is not offered there.
    const cod = codCountryEligibility(input.country);
    if (input.paymentMethod === 'CashOnDelivery' && !cod.ok)
      throw conflict(cod.reason, ERROR_CODES.cod_not_allowed);
    return { deliveryBy: new Map() };
  }
  const code = normalisePincode(input.postalCode);
  const row = isPincode(code) ? await repo.pincode(tx, code) : undefined;
  if (!row) throw conflict(DELIVERY_MSG.unknownPincode(code), ERROR_CODES.not_deliverable);
  const pin = toRules(row);
  const settings = await repo.settings(tx);
  const promises = await sellerPromises(
    tx,
    input.lines.map((l) => l.sellerId),
    pin,
    settings,
    input.now,
  );
  for (const line of input.lines) {
    if (!promises.get(line.sellerId)?.deliverable)
      throw conflict(DELIVERY_MSG.lineNotDeliverable(line.name, pin.pincode), ERROR_CODES.not_deliverable);
  }
  if (input.paymentMethod === 'CashOnDelivery') {
    const cod = codEligibility({
      pin,
      sellers: [...promises.values()].map((s) => ({ shop: s.shop, area: s.area })),
      orderValue: sumMoney(input.lines.map((l) => parseMoney(l.lineTotalInr))),
      defaultCodLimit: parseMoney(settings.codLimit),
      rtoCount: settings.maxRtoForCod === null ? null : await rtoCountOfBuyer(tx, input.buyerId),
      maxRtoForCod: settings.maxRtoForCod,
    });
    if (!cod.ok) throw conflict(cod.reason, ERROR_CODES.cod_not_allowed);
  }
  return {
    deliveryBy: new Map([...promises.values()].map((s) => [s.sellerId, s.deliveryBy])),
    codSettings: {
      codUnacceptedHours: settings.codUnacceptedHours,
      maxOpenCodOrders: settings.maxOpenCodOrders,
      maxOpenCodUnits: settings.maxOpenCodUnits,
    },
  };
}

/** The operator's settings, for other modules (e.g. the COD holding limits and the unaccepted-COD timeout). */
export async function deliverySettings(db: Queryable): Promise<DeliverySettings> {
  return toSettings(await repo.settings(db));
}

function toSettings(r: repo.SettingsRow): DeliverySettings {
  return {
    daysSameCity: r.daysSameCity,
    daysSameState: r.daysSameState,
    daysOtherState: r.daysOtherState,
    daysSpecial: r.daysSpecial,
    handlingDays: r.handlingDays,
    codLimit: toWireNumber(parseMoney(r.codLimit)),
    codUnacceptedHours: r.codUnacceptedHours,
    maxOpenCodOrders: r.maxOpenCodOrders,
    maxOpenCodUnits: r.maxOpenCodUnits,
    maxRtoForCod: r.maxRtoForCod,
  };
}

/** GET /api/delivery/settings (Admin). */
export async function getSettings(ctx: AuthedCtx): Promise<DeliverySettings> {
  return deliverySettings(ctx.db);
}

/** PUT /api/delivery/settings (Admin). */
export async function putSettings(ctx: AuthedCtx, input: DeliverySettings): Promise<DeliverySettings> {
  const row = await repo.updateSettings(ctx.db, {
    ...input,
    codLimit: formatDecimal(parseMoney(input.codLimit)),
  });
  return toSettings(row);
}

const toPincodeRow = (r: repo.PincodeRecord): PincodeRow => ({
  pincode: r.pincode,
  state: r.state,
  district: r.district,
  serviceable: r.serviceable,
  codAllowed: r.codAllowed,
  codLimit: r.codLimit === null ? null : toWireNumber(parseMoney(r.codLimit)),
});

/** GET /api/delivery/pincodes?q= (Admin): at most 50 pincodes by digits, district or state. */
export async function searchPincodes(ctx: AuthedCtx, q: string): Promise<PincodeRow[]> {
  return (await repo.searchPincodes(ctx.db, q.trim(), 50)).map(toPincodeRow);
}

/** PUT /api/delivery/pincodes/:pincode (Admin): the operator's flags on one pincode. */
export async function putPincode(ctx: AuthedCtx, code: string, flags: PincodeFlags): Promise<PincodeRow> {
  const row = await repo.updatePincode(ctx.db, normalisePincode(code), {
    serviceable: flags.serviceable,
    codAllowed: flags.codAllowed,
    codLimit: flags.codLimit === null ? null : formatDecimal(parseMoney(flags.codLimit)),
  });
  if (!row) throw notFound(DELIVERY_SERVICE_MSG.pincodeNotFound(code));
  return toPincodeRow(row);
}

/** GET /api/seller/delivery-area: the caller's own area (no row: everywhere, the default handling days). */
export async function getSellerArea(
  ctx: AuthedCtx,
): Promise<SellerDeliveryArea & { allStates: string[]; defaultHandlingDays: number }> {
  const [row, states, settings] = await Promise.all([
    repo.sellerArea(ctx.db, ctx.actor.id),
    repo.pincodeStates(ctx.db),
    repo.settings(ctx.db),
  ]);
  return {
    states: row?.states ?? [],
    excludedPrefixes: row?.excludedPrefixes ?? [],
    codAllowed: row?.codAllowed ?? true,
    handlingDays: row?.handlingDays ?? null,
    allStates: states,
    defaultHandlingDays: settings.handlingDays,
  };
}

/** PUT /api/seller/delivery-area: the caller's own area; states must be India's, as the table names them. */
export async function putSellerArea(
  ctx: AuthedCtx,
  input: SellerDeliveryArea,
): Promise<SellerDeliveryArea & { allStates: string[]; defaultHandlingDays: number }> {
  const known = new Map((await repo.pincodeStates(ctx.db)).map((s) => [s.toLowerCase(), s]));
  const states: string[] = [];
  for (const s of input.states) {
    const name = known.get(s.trim().toLowerCase());
    if (!name)
      throw invalid(DELIVERY_SERVICE_MSG.unknownState(s), [
        { path: 'states', message: DELIVERY_SERVICE_MSG.unknownState(s) },
      ]);
    if (!states.includes(name)) states.push(name);
  }
  await repo.saveSellerArea(ctx.db, ctx.actor.id, {
    states,
    excludedPrefixes: [...new Set(input.excludedPrefixes.map((p) => p.trim()))],
    codAllowed: input.codAllowed,
    handlingDays: input.handlingDays,
  });
  return getSellerArea(ctx);
}
