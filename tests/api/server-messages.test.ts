import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGE_COOKIE } from '#shared/i18n/languages.ts';
import { MSG } from '#shared/messages.ts';
import { createCategory, createProduct } from '../factories/catalog.ts';
import { orderBody, postOrder } from '../factories/orders.ts';
import { createUser, sessionToken } from '../factories/users.ts';
import { createTestApp, type TestContext } from '../setup/test-app.ts';

/**
 * ADR 0136: the API's messages in the request's language (the `haat_lang` cookie, else Accept-Language,
 * else English), field errors too; the code never changes, and an English answer is what it always was.
 */

let t: TestContext;
let buyerToken: string;
let productId: string;

beforeAll(async () => {
  t = await createTestApp({ ORDER_QTY_LIMIT: '4' });
  const seller = await createUser(t.db, { roles: ['Seller-Company'], shop: { shopName: 'Bhasha Kurtas' } });
  const buyer = await createUser(t.db, { name: 'Asha Buyer' });
  buyerToken = await sessionToken(t.db, buyer.id);
  const category = await createCategory(t.db, { hsn: '6204', tax: '5' });
  const product = await createProduct(t.db, {
    sellerId: seller.id,
    categoryId: category.id,
    name: 'Bhasha Kurta',
    sizes: ['M'],
    countInStock: 50,
  });
  productId = product.id;
});
afterAll(async () => t?.close());

const HINDI = { 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.8' };
const HINDI_COOKIE = { cookie: `${LANGUAGE_COOKIE}=hi` };
/** The cookie is the choice made in the switch: it wins over the browser's preferences. */
const ENGLISH_COOKIE = { cookie: `${LANGUAGE_COOKIE}=en`, 'accept-language': 'hi' };

const signIn = (headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/users/login',
    payload: { email: 'nobody-here@example.com', password: 'Wrong@12345' },
    headers,
  });

const register = (headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/users',
    payload: {
      name: 'Asha Rao',
      phone: '98765',
      email: 'asha.languages@example.com',
      password: 'Secret@123',
      confirmPassword: 'Different@123',
      address: '4 Park Street',
      country: 'India',
      state: 'West Bengal',
      city: 'Kolkata',
    },
    headers,
  });

describe('API messages in the request language', () => {
  it('refuses a bad sign-in in Hindi by Accept-Language or cookie, in English otherwise', async () => {
    const english = await signIn();
    expect(english.statusCode).toBe(401);
    expect(english.json()).toMatchObject({ message: MSG.invalidLogin, code: 'invalid_login' });

    for (const headers of [HINDI, HINDI_COOKIE]) {
      const hindi = await signIn(headers);
      expect(hindi.statusCode).toBe(401);
      expect(hindi.json()).toMatchObject({
        message: 'ई-मेल या पासवर्ड ग़लत है',
        code: english.json().code,
      });
    }
    expect((await signIn(ENGLISH_COOKIE)).json().message).toBe(MSG.invalidLogin);
  });

  it('says field errors in Hindi, and in English byte for byte as before', async () => {
    const english = await register();
    expect(english.statusCode).toBe(400);
    const body = english.json();
    expect(body.code).toBe('invalid_input');
    expect(body.errors).toContainEqual({ path: 'phone', message: 'Mobile number must be exactly 10 digits' });
    expect(body.errors).toContainEqual({ path: 'confirmPassword', message: 'Passwords do not match' });
    // The same body, key for key, as the English request (no language) gives.
    const { requestId: _english, ...englishBody } = body;
    const { requestId: _explicit, ...explicitBody } = (await register({ 'accept-language': 'en-IN' })).json();
    expect(JSON.stringify(explicitBody)).toBe(JSON.stringify(englishBody));

    const hindi = (await register(HINDI)).json();
    expect(hindi.code).toBe('invalid_input');
    expect(hindi.errors).toContainEqual({ path: 'phone', message: 'मोबाइल नंबर ठीक 10 अंकों का होना चाहिए' });
    expect(hindi.errors).toContainEqual({ path: 'confirmPassword', message: 'पासवर्ड मेल नहीं खाते' });
    expect(hindi.message).toBe(hindi.errors[0].message);
    expect(hindi.errors.map((e: { path: string }) => e.path)).toEqual(
      body.errors.map((e: { path: string }) => e.path),
    );
  });

  it('says not found in Hindi', async () => {
    const url = '/api/products/00000000-0000-4000-8000-000000000000';
    const english = await t.app.inject({ method: 'GET', url });
    expect(english.statusCode).toBe(404);
    expect(english.json()).toEqual({
      message: 'Product not found',
      code: 'not_found',
      requestId: expect.any(String),
    });
    const hindi = await t.app.inject({ method: 'GET', url, headers: HINDI_COOKIE });
    expect(hindi.statusCode).toBe(404);
    expect(String(hindi.headers.vary)).toMatch(/Accept-Language/);
    expect(String(hindi.headers.vary)).toMatch(/Cookie/);
    expect(hindi.json()).toEqual({
      message: 'प्रोडक्ट नहीं मिला',
      code: 'not_found',
      requestId: expect.any(String),
    });

    const noRoute = await t.app.inject({ method: 'GET', url: '/api/no-such-thing', headers: HINDI });
    expect(noRoute.statusCode).toBe(404);
    expect(String(noRoute.headers.vary)).toMatch(/Accept-Language/);
    expect(String(noRoute.headers.vary)).toMatch(/Cookie/);
    expect(noRoute.json()).toMatchObject({ message: 'नहीं मिला', code: 'not_found' });
  });

  it('puts the values of a message with placeholders into the Hindi text', async () => {
    const body = orderBody([{ product: productId, size: 'M', qty: 5 }]);
    const english = await postOrder(t.app, buyerToken, body);
    expect(english.statusCode).toBe(400);
    expect(english.json()).toMatchObject({
      code: 'invalid_input',
      message: 'You can buy at most 4 of Bhasha Kurta (size M) in one order',
    });
    const hindi = await postOrder(t.app, buyerToken, body, HINDI);
    expect(hindi.statusCode).toBe(400);
    expect(hindi.json()).toMatchObject({
      code: 'invalid_input',
      message: 'एक ऑर्डर में आप Bhasha Kurta (size M) ज़्यादा से ज़्यादा 4 ही खरीद सकते हैं',
    });
  });

  it("says a successful answer's message in Hindi too", async () => {
    const ask = (headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url: '/api/users/forgot-password',
        payload: { email: 'nobody-at-all@example.com' },
        headers,
      });
    const english = await ask();
    expect(english.statusCode).toBe(200);
    expect(english.json()).toEqual({ message: MSG.forgotPasswordSent });
    const hindi = await ask(HINDI_COOKIE);
    expect(hindi.statusCode).toBe(200);
    expect(hindi.json()).toEqual({ message: 'अगर यह ई-मेल रजिस्टर्ड है, तो रीसेट लिंक भेज दिया गया है।' });
  });
});
