import { z } from 'zod';
import { ONBOARDING_STEP_IDS } from '../seller-onboarding.ts';
import { moneySchema } from './common.ts';

/**
 * GET /api/seller/dashboard (docs/decisions/0115-seller-and-operator-views.md): what a seller has to do
 * now and how the last 30 days went. Every count is of the signed-in seller's own shipments, returns and
 * variants; money is INR in major units.
 */

export const lowStockVariantSchema = z.object({
  productId: z.string(),
  variantId: z.string(),
  name: z.string(),
  size: z.string(),
  colour: z.string().nullable(),
  sku: z.string(),
  countInStock: z.number().int(),
});
export type LowStockVariant = z.infer<typeof lowStockVariantSchema>;

export const dashboardDaySchema = z.object({
  /** YYYY-MM-DD, India's calendar. */
  date: z.string(),
  /** The day's sales, GST included (INR). */
  sales: moneySchema,
  units: z.number().int(),
  cancellations: z.number().int(),
});
export type DashboardDay = z.infer<typeof dashboardDaySchema>;

export const sellerDashboardSchema = z.object({
  /** Today in India (YYYY-MM-DD). */
  today: z.string(),
  /** Shipments waiting for the seller: placed (to accept), accepted (to pack), packed (to ship). */
  toAccept: z.number().int(),
  toPack: z.number().int(),
  toShip: z.number().int(),
  /** Of all the seller's shipments, those placed today (India's day), whatever their state now. */
  placedToday: z.number().int(),
  /** Past the promised delivery date and still on their way. */
  late: z.number().int(),
  /** Return and exchange requests waiting for the seller's answer. */
  returnsToHandle: z.number().int(),
  /** Variants of active products with fewer than LOW_STOCK_THRESHOLD units (out of stock included). */
  lowStock: z.number().int(),
  /** The lowest of them, fewest units first (at most 20). */
  lowStockVariants: z.array(lowStockVariantSchema),
  /** The last 30 days, today included: shipments placed and not cancelled or returned to origin. */
  last30: z.object({
    from: z.string(),
    to: z.string(),
    sales: moneySchema,
    units: z.number().int(),
    orders: z.number().int(),
    /** Shipments cancelled in the window, by anyone. */
    cancellations: z.number().int(),
  }),
  /** One point per day of the window, oldest first. */
  days: z.array(dashboardDaySchema),
});
export type SellerDashboard = z.infer<typeof sellerDashboardSchema>;

/**
 * GET /api/seller/onboarding (ADR 0134): an activated seller's first steps, each ticked from the seller's
 * own rows by `onboardingSteps`; `allDone` hides the checklist.
 */
export const sellerOnboardingSchema = z.object({
  steps: z.array(
    z.object({
      id: z.enum(ONBOARDING_STEP_IDS),
      label: z.string(),
      hint: z.string(),
      href: z.string(),
      done: z.boolean(),
    }),
  ),
  allDone: z.boolean(),
});
export type SellerOnboarding = z.infer<typeof sellerOnboardingSchema>;
