import { isSameAsShipping } from '#shared/checkout.ts';
import {
  billingAddressSchema,
  paymentMethodSchema,
  shippingAddressSchema,
  type BillingAddress,
  type PaymentMethod,
  type ShippingAddress,
} from '#shared/schemas/order.ts';
import { businessPurchaseSchema } from '#shared/schemas/gst.ts';
import { readStored, removeStored, writeStored } from '#web/lib/local-storage.ts';

/**
 * The checkout steps kept in the browser (docs/product/api.md#resources "Browser storage keeps … shippingAddress,
 * billingAddress and paymentMethod"), so a reload or a return visit resumes where the buyer left off.
 * Stored data may be old or hand-edited: it is read through the same schemas the server applies, and a
 * value that no longer passes reads as "not saved yet".
 */
export const SHIPPING_KEY = 'shippingAddress';
export const BILLING_KEY = 'billingAddress';
export const PAYMENT_METHOD_KEY = 'paymentMethod';
export const BUSINESS_KEY = 'businessPurchase';

/** A business purchase (issue 15): the buyer's GSTIN and business name, for a B2B tax invoice. */
export type BusinessPurchase = { buyerGstin: string; buyerBusinessName: string };

const parseWith =
  <T>(schema: { safeParse: (v: unknown) => { success: true; data: T } | { success: false } }) =>
  (value: unknown): T | null => {
    const result = schema.safeParse(value);
    return result.success ? result.data : null;
  };

export const parseShippingAddress = parseWith<ShippingAddress>(shippingAddressSchema);
export const parseBillingAddress = parseWith<BillingAddress>(billingAddressSchema);
export const parsePaymentMethod = (value: unknown): PaymentMethod | null =>
  value === undefined || value === null ? null : parseWith<PaymentMethod>(paymentMethodSchema)(value);

export const readShippingAddress = () => readStored(SHIPPING_KEY, parseShippingAddress);
export const readBillingAddress = () => readStored(BILLING_KEY, parseBillingAddress);
export const readPaymentMethod = () => readStored(PAYMENT_METHOD_KEY, parsePaymentMethod);

/** The saved business details, normalised (GSTIN upper case, no spaces); null when none (or no longer valid). */
export const parseBusinessPurchase = (value: unknown): BusinessPurchase | null => {
  const result = businessPurchaseSchema.safeParse(value);
  return result.success && result.data.buyerGstin !== '' ? result.data : null;
};
export const readBusinessPurchase = () => readStored(BUSINESS_KEY, parseBusinessPurchase);
/** null: not a business purchase (the section was left closed). */
export const saveBusinessPurchase = (value: BusinessPurchase | null) =>
  value ? writeStored(BUSINESS_KEY, value) : removeStored(BUSINESS_KEY);

export const saveShippingAddress = (value: ShippingAddress) => writeStored(SHIPPING_KEY, value);
export const saveBillingAddress = (value: BillingAddress) => writeStored(BILLING_KEY, value);
export const savePaymentMethod = (value: PaymentMethod) => writeStored(PAYMENT_METHOD_KEY, value);

/**
 * The billing address to show and send: null when it is the shipping address (docs/product/orders-and-checkout.md#checkout-flow 'Same as shipping
 * address'; the server then bills the buyer's name at the shipping address).
 */
export function separateBillingAddress(
  shipping: ShippingAddress,
  billing: BillingAddress | null,
): BillingAddress | null {
  return billing && !isSameAsShipping(billing, shipping) ? billing : null;
}
