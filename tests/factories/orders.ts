import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { PlaceOrderBody, ShippingAddressInput } from '#shared/schemas/order.ts';
import type { Queryable } from '../../src/server/db/client.ts';
import { orders } from '../../src/server/db/schema/index.ts';
import type { App } from '../../src/server/lib/types.ts';
import { authHeader } from './users.ts';

/** Orders for tests: placed through the API (the only way prices are made), with helpers around them. */

export const indiaAddress = (overrides: Partial<ShippingAddressInput> = {}): ShippingAddressInput => ({
  address: '221 FC Road',
  city: 'Pune',
  state: 'Maharashtra',
  postalCode: '411004',
  country: 'India',
  ...overrides,
});

export type OrderLine = {
  product: string;
  qty?: number;
  size?: string | null;
  /** The variant's id (docs/decisions/0102-product-variants.md); without it, size (and colour) pick it. */
  variant?: string;
  colour?: string;
};

/** A valid POST /api/orders body for these lines (qty 1 unless given), shipped to Pune, paid by RazorPay. */
export function orderBody(lines: OrderLine[], overrides: Partial<PlaceOrderBody> = {}): PlaceOrderBody {
  return {
    orderItems: lines.map((l) => ({
      product: l.product,
      qty: l.qty ?? 1,
      ...(l.size ? { size: l.size } : {}),
      ...(l.variant ? { variant: l.variant } : {}),
      ...(l.colour ? { colour: l.colour } : {}),
    })),
    shippingAddress: indiaAddress(),
    paymentMethod: 'RazorPay',
    ...overrides,
  };
}

/** POST /api/orders as `token`; the raw answer (status and JSON). */
export function postOrder(
  app: App,
  token: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { ...authHeader(token), ...headers },
    payload: body as Record<string, unknown>,
  });
}

/** Places an order and returns its JSON; throws with the answer unless it was created (201). */
export async function placeOrder(
  app: App,
  token: string,
  body: unknown,
): Promise<{ _id: string; orderNumber: string } & Record<string, unknown>> {
  const res = await postOrder(app, token, body);
  if (res.statusCode !== 201) throw new Error(`placeOrder failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** Moves an order's createdAt `minutes` into the past (for expiry). */
export async function backdateOrder(db: Queryable, orderId: string, minutes: number): Promise<void> {
  await db
    .update(orders)
    .set({ createdAt: sql`now() - make_interval(mins => ${minutes})` })
    .where(eq(orders.id, orderId));
}
