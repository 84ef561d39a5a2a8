import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { CartProvider } from './features/cart/stores/cart-context.tsx';
import { createQueryClient } from './lib/query-client.ts';

/** App-wide state: server data (TanStack Query) and the browser-side cart. */
export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <CartProvider>{children}</CartProvider>
    </QueryClientProvider>
  );
}
