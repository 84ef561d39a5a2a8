import { isIndia, isPincode } from '#shared/delivery.ts';
import { isRecord, readStored, writeStored } from '#web/lib/local-storage.ts';

/**
 * The pincode a shopper last checked, remembered in the browser (docs/decisions/0113-delivery-promise.md),
 * else the pincode of the Indian shipping address saved at checkout, so the product page can answer at once.
 */
export const PINCODE_KEY = 'deliveryPincode';
/** The checkout's saved address (features/checkout keeps it under this key). */
const SHIPPING_KEY = 'shippingAddress';

const asPincode = (value: unknown): string | null =>
  typeof value === 'string' && isPincode(value) ? value.trim() : null;

const shippingPincode = (value: unknown): string | null => {
  if (!isRecord(value) || typeof value.country !== 'string' || !isIndia(value.country)) return null;
  return typeof value.postalCode === 'string' ? asPincode(value.postalCode.replace(/\s+/g, '')) : null;
};

export function readPincode(): string | null {
  return readStored(PINCODE_KEY, asPincode) ?? readStored(SHIPPING_KEY, shippingPincode);
}

export const savePincode = (pincode: string) => writeStored(PINCODE_KEY, pincode);
