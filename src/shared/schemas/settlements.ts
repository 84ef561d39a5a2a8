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

export const ledgerBucket = z.enum(['pending', 'on_hold', 'payable', 'in_payout', 'paid']);
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
