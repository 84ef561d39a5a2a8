import type { Queryable } from '../../src/server/db/client.ts';
import { deliverySettings } from '../../src/server/db/schema/index.ts';
import { createWho, type UserOverrides, type Who } from './users.ts';

/**
 * The cast of the GST return and commission invoice tests: a buyer, Admin, and two GST-registered company
 * sellers, one in Karnataka (the operator's state, GSTIN 29…) and one in Maharashtra (GSTIN 27…).
 */
export type GstParties = { buyer: Who; admin: Who; karnataka: Who; maharashtra: Who };

/**
 * Lifts the cash-on-delivery limits (a test file places many COD orders for one buyer), then creates the
 * GST cast. Each seller's name, shop and anything else particular to a test come in `sellers`.
 */
export async function createGstParties(
  db: Queryable,
  sellers: { karnataka: UserOverrides; maharashtra: UserOverrides },
): Promise<GstParties> {
  await db
    .insert(deliverySettings)
    .values({ id: 1, maxOpenCodOrders: 1000, maxOpenCodUnits: 1000 })
    .onConflictDoUpdate({
      target: deliverySettings.id,
      set: { maxOpenCodOrders: 1000, maxOpenCodUnits: 1000 },
    });
  const buyer = await createWho(db, { name: 'Asha Buyer' });
  const admin = await createWho(db, { roles: ['Admin'] });
  const karnataka = await createWho(db, {
    roles: ['Seller-Company'],
    businessRegistrationCode: '29AAGCB7383J1Z4',
    state: 'Karnataka',
    ...sellers.karnataka,
  });
  const maharashtra = await createWho(db, {
    roles: ['Seller-Company'],
    businessRegistrationCode: '27AAPFU0939F1ZV',
    state: 'Maharashtra',
    ...sellers.maharashtra,
  });
  return { buyer, admin, karnataka, maharashtra };
}
