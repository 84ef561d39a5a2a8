import { useCallback, useEffect, useState } from 'react';
import { readStored, removeStored, writeStored } from '#web/lib/local-storage.ts';
import { addCode, COUPON_CODES_KEY, parseCouponCodes, removeCode } from './coupon-codes.ts';

/** The stored coupon codes (localStorage `couponCodes`), read by checkout when it places the order. */
export const readCouponCodes = (): string[] => readStored(COUPON_CODES_KEY, parseCouponCodes) ?? [];

/** The cart's coupon codes are spent once an order is placed. */
export const clearCouponCodes = () => removeStored(COUPON_CODES_KEY);

/** The entered coupon codes as React state, written through to storage and following other tabs. */
export function useCouponCodes() {
  const [codes, setCodes] = useState<string[]>(readCouponCodes);

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === COUPON_CODES_KEY || event.key === null) setCodes(readCouponCodes());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const update = useCallback((change: (codes: string[]) => string[]) => {
    setCodes((current) => {
      const next = change(current);
      writeStored(COUPON_CODES_KEY, next);
      return next;
    });
  }, []);

  return {
    codes,
    add: useCallback((code: string) => update((c) => addCode(c, code)), [update]),
    remove: useCallback((code: string) => update((c) => removeCode(c, code)), [update]),
  };
}
