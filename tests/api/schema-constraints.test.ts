import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../setup/test-app.ts';
import { createCategory, createProduct } from '../factories/catalog.ts';
import { createUser } from '../factories/users.ts';

/**
 * The database itself keeps the data right, whatever the application does (issue 2: unique e-mail, one
 * review per user and product, stock never below 0, unique notification key). Raw SQL, past the services.
 */
describe('database constraints', () => {
  let t: TestContext;
  let productId: string;
  let userId: string;
  beforeAll(async () => {
    t = await createTestApp();
    const seller = await createUser(t.db, { roles: ['Seller-Company'] });
    const category = await createCategory(t.db);
    productId = (await createProduct(t.db, { sellerId: seller.id, categoryId: category.id })).id;
    userId = (await createUser(t.db, { email: 'Case.Check@haat.test' })).id;
  });
  afterAll(async () => t?.close());

  const sqlState = async (text: string, values: unknown[] = []) => {
    try {
      await t.db.$client.query(text, values);
      return 'ok';
    } catch (err) {
      return (err as { code?: string }).code;
    }
  };

  it('stock can never go below 0 (check violation)', async () => {
    expect(await sqlState('update products set count_in_stock = -1 where id = $1', [productId])).toBe(
      '23514',
    );
  });

  it('one review per user and product (unique violation)', async () => {
    const insert = `insert into reviews (product_id, user_id, name, rating, comment) values ($1, $2, 'A', 5, 'Good')`;
    expect(await sqlState(insert, [productId, userId])).toBe('ok');
    expect(await sqlState(insert, [productId, userId])).toBe('23505');
    expect(
      await sqlState(
        `insert into reviews (product_id, user_id, name, rating, comment) values ($1, $2, 'A', 6, 'x')`,
        [productId, (await createUser(t.db)).id],
      ),
    ).toBe('23514');
  });

  it('e-mails are unique whatever their case', async () => {
    expect(
      await sqlState(
        `insert into users (name, email, password_hash) values ('Dup', 'case.check@HAAT.test', 'x')`,
      ),
    ).toBe('23505');
  });

  it('a notification is recorded once per (type, document type, document, recipient)', async () => {
    const insert = `insert into notifications (type, document_type, document_id, recipient)
      values ('order_confirmation', 'order', 'o-1', 'a@haat.test')`;
    expect(await sqlState(insert)).toBe('ok');
    expect(await sqlState(insert)).toBe('23505');
  });

  it('rows keep their foreign keys', async () => {
    expect(
      await sqlState(
        `insert into product_images (product_id, url) values ('00000000-0000-4000-8000-000000000000', 'x')`,
      ),
    ).toBe('23503');
  });
});
