import { z } from 'zod';
import {
  LEDGER_ENTRY_KINDS,
  isValidAccountNumber,
  isValidIfsc,
  isValidPan,
  isValidVpa,
  isPercent,
} from '../ledger.ts';
import { idSchema, isoDate, moneySchema } from './common.ts';

/**
 * Wire shapes of seller settlements (docs/product/settlements.md): ledger entries and balances, payout
 * accounts, payout batches and payouts, commission rules, settlement settings, adjustments and cash
 * remittances of Distributors. Money is INR in major units (₹12.34 → 12.34), exact to the paisa; the
 * server keeps paise.
 */

export const SETTLEMENT_MSG = {
  ifsc: 'Please enter a valid IFSC (e.g. HDFC0001234).',
  accountNumber: 'An account number has 9 to 18 digits.',
  accountsDiffer: 'The account numbers do not match.',
  vpa: 'Please enter a valid UPI id (e.g. name@okhdfc).',
  pan: 'Please enter a valid PAN (e.g. ABCPE1234F).',
  holder: 'Please enter the account holder’s name.',
  reason: 'Please give a reason of at least 5 characters.',
  amount: 'Please enter a non-zero amount in rupees with at most two decimals.',
  percent: 'Please enter a percentage between 0 and 100 with at most two decimals.',
} as const;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Please enter a date (YYYY-MM-DD)');
const upper = (s: string) => s.replace(/\s+/g, '').toUpperCase();

export const ledgerBucket = z.enum(['pending', 'on_hold', 'payable', 'in_payout', 'paid', 'returned']);
export type LedgerBucketWire = z.infer<typeof ledgerBucket>;

export const ledgerEntrySchema = z.object({
  _id: z.string(),
  kind: z.enum(LEDGER_ENTRY_KINDS),
  /** 'Commission', 'Refund clawback: sale', 'TDS (section 194-O) reversed'. */
  label: z.string(),
  reversal: z.boolean(),
  amount: moneySchema,
  at: isoDate,
  cause: z.string(),
  orderId: z.string().nullable(),
  orderNumber: z.string().nullable(),
  shipmentId: z.string().nullable(),
  orderItemId: z.string().nullable(),
  /** The line's name with size/colour. */
  itemName: z.string().nullable(),
  returnRequestId: z.string().nullable(),
  taxDocumentId: z.string().nullable(),
  taxDocumentNumber: z.string().nullable(),
  payoutId: z.string().nullable(),
  qty: z.number().int().nullable(),
  /** What a percentage was taken of. */
  base: moneySchema.nullable(),
  rate: z.string().nullable(),
  rule: z.string().nullable(),
  note: z.string().nullable(),
  bucket: ledgerBucket,
});
export type LedgerEntryWire = z.infer<typeof ledgerEntrySchema>;

export const sellerBalanceSchema = z.object({
  pending: moneySchema,
  onHold: moneySchema,
  /** Negative: carried forward to the next cycle. */
  payable: moneySchema,
  inPayout: moneySchema,
  paid: moneySchema,
  /** pending + onHold + payable: what the marketplace owes the seller now (sum of all entries). */
  balance: moneySchema,
});
export type SellerBalance = z.infer<typeof sellerBalanceSchema>;

export const payoutStateSchema = z.enum([
  'draft',
  'queued',
  'processing',
  'processed',
  'reversed',
  'failed',
  'cancelled',
]);
export const payoutRailSchema = z.enum(['razorpayx', 'bank_file']);

export const payoutSchema = z.object({
  _id: z.string(),
  batchId: z.string(),
  batchNumber: z.number().int(),
  sellerId: z.string(),
  sellerName: z.string(),
  amount: moneySchema,
  state: payoutStateSchema,
  rail: payoutRailSchema,
  /** Where it goes, the account number masked ('XXXXXXXX9012 · HDFC0001234' or 'name@okhdfc'). */
  destination: z.string(),
  providerPayoutId: z.string().nullable(),
  utr: z.string().nullable(),
  failureReason: z.string().nullable(),
  processedAt: isoDate.nullable(),
  reversedAt: isoDate.nullable(),
  createdAt: isoDate,
});
export type PayoutWire = z.infer<typeof payoutSchema>;

export const payoutAccountSchema = z.object({
  method: z.enum(['bank', 'upi']),
  accountHolder: z.string(),
  /** Masked. */
  accountNumber: z.string().nullable(),
  ifsc: z.string().nullable(),
  vpa: z.string().nullable(),
  pan: z.string().nullable(),
  status: z.enum(['unverified', 'verified', 'rejected']),
  rejectReason: z.string().nullable(),
  verifiedAt: isoDate.nullable(),
  updatedAt: isoDate,
});
export type PayoutAccountWire = z.infer<typeof payoutAccountSchema>;

/** PUT /api/seller/payout-account: the form and the server share it. Saving again needs verifying again. */
export const payoutAccountForm = z
  .object({
    method: z.enum(['bank', 'upi']),
    accountHolder: z.string().trim().min(2, SETTLEMENT_MSG.holder).max(100),
    accountNumber: z.string().trim().default(''),
    confirmAccountNumber: z.string().trim().default(''),
    ifsc: z.string().default('').transform(upper),
    vpa: z.string().trim().default(''),
    pan: z
      .string()
      .default('')
      .transform(upper)
      .refine((v) => v === '' || isValidPan(v), SETTLEMENT_MSG.pan),
  })
  .superRefine((v, ctx) => {
    if (v.method === 'bank') {
      if (!isValidAccountNumber(v.accountNumber)) {
        ctx.addIssue({ code: 'custom', path: ['accountNumber'], message: SETTLEMENT_MSG.accountNumber });
      } else if (v.confirmAccountNumber !== v.accountNumber) {
        ctx.addIssue({
          code: 'custom',
          path: ['confirmAccountNumber'],
          message: SETTLEMENT_MSG.accountsDiffer,
        });
      }
      if (!isValidIfsc(v.ifsc))
        ctx.addIssue({ code: 'custom', path: ['ifsc'], message: SETTLEMENT_MSG.ifsc });
    } else if (!isValidVpa(v.vpa)) {
      ctx.addIssue({ code: 'custom', path: ['vpa'], message: SETTLEMENT_MSG.vpa });
    }
  });
export type PayoutAccountForm = z.input<typeof payoutAccountForm>;

/** A signed rupee amount, typed: '-250.50'. */
const signedRupees = z
  .union([z.number(), z.string().trim()])
  .transform((v) => String(v))
  .refine((v) => /^-?\d{1,9}(\.\d{1,2})?$/.test(v) && Number(v) !== 0, SETTLEMENT_MSG.amount);

/** POST /api/admin/ledger-adjustments. */
export const adjustmentForm = z.object({
  sellerId: idSchema,
  amount: signedRupees,
  reason: z.string().trim().min(5, SETTLEMENT_MSG.reason).max(500),
});
export type AdjustmentForm = z.input<typeof adjustmentForm>;

const percentText = z.string().trim().refine(isPercent, SETTLEMENT_MSG.percent);
const optionalRupees = z
  .union([z.number(), z.string().trim()])
  .transform((v) => String(v))
  .refine((v) => v === '' || /^\d{1,9}(\.\d{1,2})?$/.test(v), 'Please enter an amount in rupees');

export const commissionRuleSchema = z.object({
  _id: z.string(),
  sellerId: z.string().nullable(),
  sellerName: z.string().nullable(),
  categoryId: z.string().nullable(),
  categoryName: z.string().nullable(),
  productId: z.string().nullable(),
  productName: z.string().nullable(),
  kind: z.enum(['percent', 'fixed']),
  percent: z.string().nullable(),
  fixed: moneySchema.nullable(),
  min: moneySchema.nullable(),
  max: moneySchema.nullable(),
  effectiveFrom: day,
  effectiveTo: day.nullable(),
  /** 'Seller rule: 12% (min ₹20.00 per unit)'. */
  description: z.string(),
  note: z.string(),
});
export type CommissionRuleWire = z.infer<typeof commissionRuleSchema>;

/** POST /api/admin/commission-rules: at least one of seller, category, product; from today or later. */
export const commissionRuleForm = z
  .object({
    sellerId: z.union([idSchema, z.literal('')]).default(''),
    categoryId: z.union([idSchema, z.literal('')]).default(''),
    productId: z.union([idSchema, z.literal('')]).default(''),
    kind: z.enum(['percent', 'fixed']),
    percent: z.string().trim().default(''),
    fixed: optionalRupees.default(''),
    min: optionalRupees.default(''),
    max: optionalRupees.default(''),
    effectiveFrom: day,
    effectiveTo: z.union([day, z.literal('')]).default(''),
    note: z.string().trim().max(200).default(''),
  })
  .superRefine((v, ctx) => {
    if (!v.sellerId && !v.categoryId && !v.productId) {
      ctx.addIssue({
        code: 'custom',
        path: ['sellerId'],
        message: 'Please choose a seller, a category or a product.',
      });
    }
    if (v.kind === 'percent' && !isPercent(v.percent)) {
      ctx.addIssue({ code: 'custom', path: ['percent'], message: SETTLEMENT_MSG.percent });
    }
    if (v.kind === 'fixed' && v.fixed === '') {
      ctx.addIssue({
        code: 'custom',
        path: ['fixed'],
        message: 'Please enter the commission per unit in rupees.',
      });
    }
    if (v.min !== '' && v.max !== '' && Number(v.max) < Number(v.min)) {
      ctx.addIssue({ code: 'custom', path: ['max'], message: 'The maximum must not be below the minimum.' });
    }
    if (v.effectiveTo !== '' && v.effectiveTo < v.effectiveFrom) {
      ctx.addIssue({
        code: 'custom',
        path: ['effectiveTo'],
        message: 'The end date must not be before the start date.',
      });
    }
  });
export type CommissionRuleForm = z.input<typeof commissionRuleForm>;

export const settlementSettingsSchema = z.object({
  saleOn: z.enum(['delivered', 'shipped']),
  cycleDays: z.number().int().min(1).max(31),
  tcsRate: z.string(),
  tdsRate: z.string(),
  tdsRateWithoutPan: z.string(),
  codFee: moneySchema,
  codFeePercent: z.string(),
  payoutRail: payoutRailSchema,
  minimumPayout: moneySchema,
});
export type SettlementSettingsWire = z.infer<typeof settlementSettingsSchema>;

/** PUT /api/admin/settlement-settings. */
export const settlementSettingsForm = z.object({
  saleOn: z.enum(['delivered', 'shipped']),
  cycleDays: z.coerce.number().int().min(1, 'Between 1 and 31 days').max(31, 'Between 1 and 31 days'),
  tcsRate: percentText,
  tdsRate: percentText,
  tdsRateWithoutPan: percentText,
  codFee: optionalRupees.refine((v) => v !== '', 'Please enter an amount in rupees (0 for none)'),
  codFeePercent: percentText,
  payoutRail: payoutRailSchema,
  minimumPayout: optionalRupees.refine((v) => v !== '' && Number(v) >= 0.01, 'At least ₹0.01'),
});
export type SettlementSettingsForm = z.input<typeof settlementSettingsForm>;

// ---------------------------------------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------------------------------------

/** GET /api/seller/ledger and GET /api/admin/sellers/:id/ledger (?page=1&month=YYYY-MM, 50 entries a page, newest first). */
export const sellerLedgerResponse = z.object({
  seller: z.object({ _id: z.string(), name: z.string(), shopName: z.string().nullable() }),
  balance: sellerBalanceSchema,
  entries: z.array(ledgerEntrySchema),
  page: z.number().int(),
  pages: z.number().int(),
  payouts: z.array(payoutSchema),
  account: payoutAccountSchema.nullable(),
});
export type SellerLedgerResponse = z.infer<typeof sellerLedgerResponse>;

/** GET|PUT /api/seller/payout-account. */
export const payoutAccountResponse = z.object({ account: payoutAccountSchema.nullable() });

/** GET /api/admin/payout-accounts?status=unverified: accounts with their seller. */
export const payoutAccountListResponse = z.object({
  accounts: z.array(payoutAccountSchema.extend({ sellerId: z.string(), sellerName: z.string() })),
});

/** PUT /api/admin/payout-accounts/:sellerId/verify. */
export const verifyAccountBody = z.object({
  approve: z.boolean(),
  reason: z.string().trim().max(300).default(''),
  /** The account's updatedAt as the Admin's screen showed it: a later change is a 409 (review it again). */
  updatedAt: z.iso.datetime({ offset: true }).optional(),
});

export const skippedSellerSchema = z.object({
  sellerId: z.string(),
  sellerName: z.string(),
  amount: moneySchema,
  reason: z.enum(['no_verified_account', 'below_minimum', 'over_upi_limit']),
});

export const payoutBatchSchema = z.object({
  _id: z.string(),
  number: z.number().int(),
  state: z.enum(['draft', 'approved', 'rejected']),
  rail: payoutRailSchema,
  cutoff: isoDate,
  createdAt: isoDate,
  decidedAt: isoDate.nullable(),
  total: moneySchema,
  count: z.number().int(),
  /** How many of its payouts are processed. */
  processed: z.number().int(),
  payouts: z.array(payoutSchema),
});
export type PayoutBatchWire = z.infer<typeof payoutBatchSchema>;

/** POST /api/admin/payout-batches {rail?}: a batch of what is payable now (201), or 200 with batch null and who was skipped. */
export const prepareBatchBody = z.object({ rail: payoutRailSchema.optional() });
export const prepareBatchResponse = z.object({
  batch: payoutBatchSchema.nullable(),
  skipped: z.array(skippedSellerSchema),
});
/** GET /api/admin/payout-batches: newest first. */
export const payoutBatchListResponse = z.object({ batches: z.array(payoutBatchSchema) });
/** PUT /api/admin/payout-batches/:id/reject. */
export const rejectBatchBody = z.object({ reason: z.string().trim().min(5, SETTLEMENT_MSG.reason).max(300) });
/** PUT /api/admin/payouts/:id/fail: a payout stuck in queued or processing is given back (failed). */
export const failPayoutBody = z.object({ reason: z.string().trim().min(5, SETTLEMENT_MSG.reason).max(300) });
/** PUT /api/admin/payouts/:id/record (bank file payouts): the bank's UTR. */
export const recordPayoutBody = z.object({
  utr: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{8,22}$/, 'Please enter the bank’s UTR (8 to 22 letters or digits).')
    // Banks print UTRs in capitals; 'abcd1234' and 'ABCD1234' are one transfer.
    .transform((s) => s.toUpperCase()),
});

/** GET /api/seller/tcs-tds?fy=2026-27 (own) and GET /api/admin/sellers/:id/tcs-tds?fy=: per India month. */
export const taxWithheldMonthSchema = z.object({
  month: z.string(),
  /** Taxable value of sales recorded, of reversals, and the net (TCS base). */
  gross: moneySchema,
  returned: moneySchema,
  net: moneySchema,
  tcsRate: z.string().nullable(),
  tcs: moneySchema,
  /** TDS: its base (gross), rate and amount. */
  tdsBase: moneySchema,
  tdsRate: z.string().nullable(),
  tds: moneySchema,
});
export const taxWithheldResponse = z.object({
  fy: z.string(),
  seller: z.object({
    _id: z.string(),
    name: z.string(),
    gstin: z.string().nullable(),
    pan: z.string().nullable(),
  }),
  months: z.array(taxWithheldMonthSchema),
  totals: taxWithheldMonthSchema.omit({ month: true, tcsRate: true, tdsRate: true }),
});
export type TaxWithheldResponse = z.infer<typeof taxWithheldResponse>;

/** GET /api/admin/settlement-totals?fy=2026-27: the operator's books per India month. */
export const settlementTotalsMonthSchema = z.object({
  month: z.string(),
  commission: moneySchema,
  commissionGst: moneySchema,
  tcs: moneySchema,
  tds: moneySchema,
  codFees: moneySchema,
  adjustments: moneySchema,
  paidOut: moneySchema,
});
export const settlementTotalsResponse = z.object({
  fy: z.string(),
  months: z.array(settlementTotalsMonthSchema),
  totals: settlementTotalsMonthSchema.omit({ month: true }),
});
export type SettlementTotalsResponse = z.infer<typeof settlementTotalsResponse>;

/** POST /api/admin/ledger-adjustments → the entry written (201). */
export const adjustmentResponse = z.object({ entry: ledgerEntrySchema });

/** GET /api/admin/commission-rules → every rule, newest first; POST → the rule (201); PUT /:id/end {effectiveTo}. */
export const commissionRuleListResponse = z.object({ rules: z.array(commissionRuleSchema) });
export const endRuleBody = z.object({ effectiveTo: day });

// ---------------------------------------------------------------------------------------------------------
// Cash on delivery remittances
// ---------------------------------------------------------------------------------------------------------

export const codCashOrderSchema = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  /** INR collected (the order total in INR). */
  amount: moneySchema,
  paidAt: isoDate,
  ageDays: z.number().int(),
});

export const codCashDistributorSchema = z.object({
  distributorId: z.string(),
  distributorName: z.string(),
  outstanding: moneySchema,
  /** Outstanding by age of the collection: 0–2 days, 3–7, 8–30, over 30. */
  ages: z.object({ d0to2: moneySchema, d3to7: moneySchema, d8to30: moneySchema, over30: moneySchema }),
  orders: z.array(codCashOrderSchema),
});

/** GET /api/admin/cod-cash (Admin: every Distributor's; a Distributor: GET /api/distributor/cod-cash, its own). */
export const codCashResponse = z.object({
  distributors: z.array(codCashDistributorSchema),
  remittances: z.array(
    z.object({
      _id: z.string(),
      distributorId: z.string(),
      distributorName: z.string(),
      amount: moneySchema,
      reference: z.string(),
      receivedOn: day,
      orderCount: z.number().int(),
      createdAt: isoDate,
    }),
  ),
});
export type CodCashResponse = z.infer<typeof codCashResponse>;

/** POST /api/admin/cod-remittances: the cash handed over for these orders (their total must be the amount). */
export const codRemittanceForm = z.object({
  distributorId: idSchema,
  orderIds: z.array(idSchema).min(1, 'Please choose the orders this cash covers.'),
  amount: z
    .union([z.number(), z.string().trim()])
    .transform((v) => String(v))
    .refine(
      (v) => /^\d{1,9}(\.\d{1,2})?$/.test(v) && Number(v) > 0,
      'Please enter the amount received in rupees.',
    ),
  reference: z.string().trim().min(3, 'Please enter the receipt or deposit reference.').max(100),
  receivedOn: day,
  note: z.string().trim().max(300).default(''),
});
export type CodRemittanceForm = z.input<typeof codRemittanceForm>;
