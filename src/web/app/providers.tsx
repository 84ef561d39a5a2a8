import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { CartProvider } from '../lib/cart/cart-context.tsx';
import { DisplayCurrencyProvider } from '../lib/currency/display-currency.tsx';
import { createQueryClient } from '../lib/query-client.ts';
import { I18nProvider, type MessageSource } from '../lib/i18n/i18n.tsx';

/**
 * App-wide state: the page's language and messages, server data (TanStack Query), the display currency and
 * the browser-side cart. `client`: the query client the server rendered the page with, or the browser's one
 * primed with its data.
 */
export function Providers({
  children,
  client,
  messages,
}: {
  children: ReactNode;
  client?: QueryClient;
  messages: MessageSource;
}) {
  const [queryClient] = useState(() => client ?? createQueryClient());
  return (
    <I18nProvider source={messages}>
      <QueryClientProvider client={queryClient}>
        <DisplayCurrencyProvider>
          <CartProvider>{children}</CartProvider>
        </DisplayCurrencyProvider>
      </QueryClientProvider>
    </I18nProvider>
  );
}
