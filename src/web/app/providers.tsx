import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { CartProvider } from '../lib/cart/cart-context.tsx';
import { DisplayCurrencyProvider } from '../lib/currency/display-currency.tsx';
import { createQueryClient } from '../lib/query-client.ts';

/**
 * App-wide state: server data (TanStack Query), the display currency and the browser-side cart. `client`:
 * the query client the server rendered the page with, or the browser's one primed with its data.
 */
export function Providers({ children, client }: { children: ReactNode; client?: QueryClient }) {
  const [queryClient] = useState(() => client ?? createQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <DisplayCurrencyProvider>
        <CartProvider>{children}</CartProvider>
      </DisplayCurrencyProvider>
    </QueryClientProvider>
  );
}
