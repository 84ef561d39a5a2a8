import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { CartProvider } from '../lib/cart/cart-context.tsx';
import { DisplayCurrencyProvider } from '../lib/currency/display-currency.tsx';
import { createQueryClient } from '../lib/query-client.ts';

/** App-wide state: server data (TanStack Query), the display currency and the browser-side cart. */
export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <DisplayCurrencyProvider>
        <CartProvider>{children}</CartProvider>
      </DisplayCurrencyProvider>
    </QueryClientProvider>
  );
}
