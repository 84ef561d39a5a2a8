import { placeOfSupplyOf } from '#shared/gst.ts';
import { isRecord, readStored } from '#web/lib/local-storage.ts';

/**
 * The GST state code of the shipping address saved at checkout (the place of supply): undefined while the
 * buyer has not given one, null when it is outside India (IGST). Read from the same browser key as checkout's store
 * (features/checkout/stores/checkout-store.ts SHIPPING_KEY); only its country and state matter here.
 */
export function savedDeliveryStateCode(): string | null | undefined {
  const address = readStored('shippingAddress', (v) =>
    isRecord(v) && typeof v.state === 'string'
      ? { state: v.state, country: typeof v.country === 'string' ? v.country : null }
      : null,
  );
  return address ? (placeOfSupplyOf(address) ?? null) : undefined;
}
