import { z } from 'zod';
import { GSTIN_MSG, isValidGstin, normalizeGstin } from '../gst.ts';
import { idSchema, isoDate, moneySchema } from './common.ts';

/**
 * Wire shapes of GST (docs/product/gst-and-invoices.md): the dated rate table and its Admin changes, the
 * operator's tax settings, the tax facts the browser prices a cart with, a buyer's business details at
 * checkout, and tax documents (invoices, credit notes, commission invoices). Money is INR in major units.
 */

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Please enter a date (YYYY-MM-DD)');
const rateText = z
  .string()
  .trim()
  .regex(/^\d{1,3}(\.\d{1,2})?$/, 'Please enter a rate in percent, e.g. 5 or 18')
  .refine((v) => Number(v) <= 100, 'A tax rate must be between 0 and 100');

/** A GSTIN as typed: spaces removed, upper case, then format and check character. */
export const gstinSchema = z
  .string()
  .trim()
  .transform(normalizeGstin)
  .refine(isValidGstin, GSTIN_MSG.invalid);

export const gstRateRuleSchema = z.object({
  _id: z.string(),
  hsnPrefix: z.string().nullable(),
  categoryId: z.string().nullable(),
  /** The category's name, for the Admin table (null for an HSN rule). */
  categoryName: z.string().nullable(),
  fromPaise: z.number().int(),
  toPaise: z.number().int().nullable(),
  basis: z.enum(['piece', 'piece_or_line']),
  rate: z.string(),
  effectiveFrom: day,
  effectiveTo: day.nullable(),
  note: z.string(),
});
export type GstRateRuleWire = z.infer<typeof gstRateRuleSchema>;

/** GET /api/gst/rates (public): every rule, past, present and future. */
export const gstRatesResponse = z.object({ rules: z.array(gstRateRuleSchema) });

/**
 * POST /api/admin/gst-rates: a dated change for one HSN prefix or one category. Slabs run upward from ₹0;
 * each gives the highest price per piece it covers (INR, e.g. '2500'), the last one none. The change takes
 * effect on a future date; rules of the same key still open then are closed the day before.
 */
export const gstRateChangeForm = z
  .object({
    hsnPrefix: z
      .string()
      .trim()
      .regex(/^(\d{2,8})?$/, 'An HSN prefix is 2 to 8 digits')
      .default(''),
    categoryId: z.union([idSchema, z.literal('')]).default(''),
    effectiveFrom: day,
    slabs: z
      .array(
        z.object({
          upToInr: z
            .string()
            .trim()
            .regex(/^(\d{1,9}(\.\d{1,2})?)?$/, 'Please enter an amount in rupees')
            .default(''),
          rate: rateText,
        }),
      )
      .min(1, 'Please give at least one rate')
      .max(5),
    note: z.string().trim().max(200).default(''),
  })
  .superRefine((v, ctx) => {
    const issue = (path: (string | number)[], message: string) =>
      ctx.addIssue({ code: 'custom', path, message });
    if ((v.hsnPrefix === '') === (v.categoryId === ''))
      issue(['hsnPrefix'], 'Give either an HSN prefix or a category');
    let last = -1;
    v.slabs.forEach((s, i) => {
      const isLast = i === v.slabs.length - 1;
      if (isLast && s.upToInr !== '') issue(['slabs', i, 'upToInr'], 'The last slab has no upper limit');
      if (!isLast) {
        const up = Number(s.upToInr);
        if (s.upToInr === '' || !(up > last)) issue(['slabs', i, 'upToInr'], 'Slab limits must go up');
        last = up;
      }
    });
  });
export type GstRateChangeForm = z.input<typeof gstRateChangeForm>;

export const gstSettingsSchema = z.object({
  invoiceOn: z.enum(['shipped', 'placed']),
  operatorLegalName: z.string().trim().min(1, 'Please enter the legal name').max(200),
  operatorGstin: gstinSchema,
  operatorAddress: z.string().trim().min(1, 'Please enter the address').max(500),
  commissionGstRate: rateText,
});
/** GET/PUT /api/admin/gst-settings; the operator's state is read from its GSTIN. */
export const gstSettingsResponse = gstSettingsSchema.extend({
  operatorStateCode: z.string(),
  operatorStateName: z.string(),
});
export type GstSettings = z.infer<typeof gstSettingsResponse>;

/** GET /api/gst/tax-facts?products=a,b (public): what the browser needs to price and split a cart's GST. */
export const taxFactsQuery = z.object({
  products: z
    .string()
    .transform((v) => [...new Set(v.split(',').filter(Boolean))])
    .pipe(z.array(idSchema).min(1).max(100)),
});
export const taxFactSchema = z.object({
  product: z.string(),
  categoryId: z.string(),
  hsn: z.string(),
  /** The category's own rate in percent (used when no dated rule matches). */
  categoryTax: z.string(),
  /** The seller's GST state code, null when unknown (then the tax is shown as IGST). */
  sellerStateCode: z.string().nullable(),
});
export const taxFactsResponse = z.object({
  products: z.array(taxFactSchema),
  rules: z.array(gstRateRuleSchema),
});
export type TaxFact = z.infer<typeof taxFactSchema>;

/** The optional business details of a B2B purchase, sent with POST /api/orders. */
export const businessPurchaseSchema = z
  .object({
    buyerGstin: z.union([gstinSchema, z.literal('')]).default(''),
    buyerBusinessName: z.string().trim().max(200, 'Business name is too long').default(''),
  })
  .superRefine((v, ctx) => {
    if (v.buyerGstin !== '' && v.buyerBusinessName === '')
      ctx.addIssue({
        code: 'custom',
        path: ['buyerBusinessName'],
        message: 'Please enter the business name for the GST invoice',
      });
  });

export const TAX_DOCUMENT_KINDS = ['invoice', 'credit_note', 'commission_invoice'] as const;
export type TaxDocumentKind = (typeof TAX_DOCUMENT_KINDS)[number];

const partySchema = z.object({
  name: z.string(),
  /** A business buyer's name; null otherwise. */
  businessName: z.string().nullable(),
  address: z.string(),
  stateCode: z.string().nullable(),
  stateName: z.string(),
  /** null: unregistered (or a consumer). */
  gstin: z.string().nullable(),
});

export const taxDocumentLineSchema = z.object({
  description: z.string(),
  hsn: z.string(),
  qty: z.number().int(),
  /** Unit quantity code: PCS, PRS (pairs), NOS (services). */
  unit: z.string(),
  /** Price per unit before discount. */
  unitPrice: moneySchema,
  /** Discount on the line. */
  discount: moneySchema,
  /** qty × discounted unit price. */
  taxableValue: moneySchema,
  rate: z.string(),
  cgstRate: z.string(),
  cgst: moneySchema,
  sgstRate: z.string(),
  sgst: moneySchema,
  igstRate: z.string(),
  igst: moneySchema,
  total: moneySchema,
});
export type TaxDocumentLine = z.infer<typeof taxDocumentLineSchema>;

/** A tax invoice, credit note or commission invoice as issued (frozen), the JSON form for integrations. */
export const taxDocumentSchema = z.object({
  _id: z.string(),
  kind: z.enum(TAX_DOCUMENT_KINDS),
  /** 'Tax Invoice', 'Credit Note', … as printed. */
  title: z.string(),
  number: z.string(),
  issuedAt: isoDate,
  financialYear: z.string(),
  orderId: z.string().nullable(),
  orderNumber: z.string().nullable(),
  shipmentId: z.string().nullable(),
  /** A credit note's invoice. */
  refersTo: z.object({ _id: z.string(), number: z.string(), issuedAt: isoDate }).nullable(),
  /** Why a credit note was issued ('Cancelled', 'Returned', 'Returned to seller'). */
  reason: z.string().nullable(),
  supplier: partySchema,
  recipient: partySchema,
  /** Where the goods were delivered, when not the recipient's address (invoices and credit notes); null otherwise. */
  deliveryAddress: z.string().nullable().optional(),
  /** null outside India. */
  placeOfSupply: z.object({ stateCode: z.string(), stateName: z.string() }).nullable(),
  intraState: z.boolean(),
  reverseCharge: z.literal(false),
  /** The marketplace, printed as e-commerce operator on sellers' documents. */
  ecommerceOperator: z.object({ legalName: z.string(), gstin: z.string() }).nullable(),
  /** For a commission invoice: the month it covers (YYYY-MM). */
  period: z.string().nullable(),
  lines: z.array(taxDocumentLineSchema),
  totals: z.object({
    taxableValue: moneySchema,
    discount: moneySchema,
    cgst: moneySchema,
    sgst: moneySchema,
    igst: moneySchema,
    tax: moneySchema,
    total: moneySchema,
    /** 'Rupees One Thousand Forty-Nine and Paise Fifty Only'. */
    totalInWords: z.string(),
  }),
  currency: z.literal('INR'),
});
export type TaxDocument = z.infer<typeof taxDocumentSchema>;

/** A row of a list of documents (order page, seller's and Admin's lists). */
export const taxDocumentSummarySchema = z.object({
  _id: z.string(),
  kind: z.enum(TAX_DOCUMENT_KINDS),
  number: z.string(),
  issuedAt: isoDate,
  sellerId: z.string(),
  sellerName: z.string(),
  orderId: z.string().nullable(),
  orderNumber: z.string().nullable(),
  shipmentId: z.string().nullable(),
  invoiceId: z.string().nullable(),
  taxableValue: moneySchema,
  tax: moneySchema,
  total: moneySchema,
});
export type TaxDocumentSummary = z.infer<typeof taxDocumentSummarySchema>;
export const taxDocumentListResponse = z.object({ documents: z.array(taxDocumentSummarySchema) });

/** Lists and exports by month (India calendar). */
export const monthQuery = z.object({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Please give a month as YYYY-MM'),
});
