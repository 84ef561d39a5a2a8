import { desc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { categories, commissionRules, products, settlementSettings, users } from '../../db/schema/index.ts';

/**
 * SQL of commission rules and settlement settings (docs/decisions/0123-commission-rules-and-cod-remittance.md).
 * Rules are only added and ended, never edited otherwise: the sale entries of an order name the rule they
 * applied, so a rule's terms must stay what they were.
 */

export type CommissionRuleRow = typeof commissionRules.$inferSelect;
export type CommissionRuleInsert = typeof commissionRules.$inferInsert;
export type CommissionRuleRecord = CommissionRuleRow & {
  sellerName: string | null;
  categoryName: string | null;
  productName: string | null;
};
export type SettlementSettingsUpdate = Omit<typeof settlementSettings.$inferInsert, 'id' | 'updatedAt'>;

/** Every rule (or the one given) with its seller's, category's and product's names, newest first. */
export async function ruleRecords(db: Queryable, id?: string): Promise<CommissionRuleRecord[]> {
  const rows = await db
    .select({
      rule: commissionRules,
      sellerName: users.name,
      // The category's path, 'Fashion & Accessories > Men Clothes > Kurtas'.
      categoryName: sql<
        string | null
      >`case when ${categories.id} is null then null else concat_ws(' > ', ${categories.category}, ${categories.subCategory}, ${categories.levelThreeCategory}, ${categories.levelFourCategory}, ${categories.levelFiveCategory}) end`,
      productName: products.name,
    })
    .from(commissionRules)
    .leftJoin(users, eq(users.id, commissionRules.sellerId))
    .leftJoin(categories, eq(categories.id, commissionRules.categoryId))
    .leftJoin(products, eq(products.id, commissionRules.productId))
    .where(id ? eq(commissionRules.id, id) : undefined)
    .orderBy(desc(commissionRules.createdAt), desc(commissionRules.id));
  return rows.map((r) => ({
    ...r.rule,
    sellerName: r.sellerName,
    categoryName: r.categoryName,
    productName: r.productName,
  }));
}

export async function insertRule(tx: Queryable, values: CommissionRuleInsert): Promise<CommissionRuleRow> {
  const [row] = await tx.insert(commissionRules).values(values).returning();
  if (!row) throw new Error('insertRule: no row');
  return row;
}

/** The rule, locked until the transaction ends (ending it reads, checks and writes it). */
export async function lockRule(tx: Queryable, id: string): Promise<CommissionRuleRow | undefined> {
  const [row] = await tx.select().from(commissionRules).where(eq(commissionRules.id, id)).for('update');
  return row;
}

export async function setRuleEnd(tx: Queryable, id: string, effectiveTo: string): Promise<void> {
  await tx.update(commissionRules).set({ effectiveTo }).where(eq(commissionRules.id, id));
}

export async function categoryExists(db: Queryable, id: string): Promise<boolean> {
  const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, id));
  return Boolean(row);
}

/** A product's seller and category, or undefined for no such product. */
export async function productSeller(
  db: Queryable,
  id: string,
): Promise<{ sellerId: string; categoryId: string | null } | undefined> {
  const [row] = await db
    .select({ sellerId: products.userId, categoryId: products.categoryId })
    .from(products)
    .where(eq(products.id, id));
  return row;
}

/** Writes the one settings row (id 1), creating it when missing. */
export async function saveSettlementSettings(
  tx: Queryable,
  values: SettlementSettingsUpdate,
): Promise<typeof settlementSettings.$inferSelect> {
  const [row] = await tx
    .insert(settlementSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: settlementSettings.id, set: { ...values, updatedAt: sql`now()` } })
    .returning();
  if (!row) throw new Error('saveSettlementSettings: no row');
  return row;
}
