import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGE_COOKIE } from '#shared/i18n/languages.ts';
import { users } from '../../src/server/db/schema/index.ts';
import { ssrEntry } from '../../src/server/web/web.ts';
import { createTestApp, type TestContext } from '../setup/test-app.ts';
import { createUser, DEFAULT_PASSWORD } from '../factories/users.ts';

/** ADR 0135: the header's language switch, the account's saved language, and the page's language. */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const ORIGIN = 'http://localhost:80';
const langCookie = (res: { cookies: { name: string; value: string; httpOnly?: boolean }[] }) =>
  res.cookies.find((c) => c.name === LANGUAGE_COOKIE);
const choose = (language: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/users/language',
    payload: { language },
    headers: { origin: ORIGIN, ...headers },
  });
const login = (email: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/users/login',
    payload: { email, password: DEFAULT_PASSWORD },
    headers,
  });
const savedLanguage = async (id: string) =>
  (await t.db.select({ language: users.language }).from(users).where(eq(users.id, id)))[0]?.language;

describe('choosing a language', () => {
  it('gives a visitor a cookie the browser can read, and saves nothing', async () => {
    const res = await choose('HI');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ language: 'hi' });
    const cookie = langCookie(res);
    expect(cookie).toMatchObject({ value: 'hi', path: '/', sameSite: 'Lax' });
    expect(cookie?.httpOnly).toBeFalsy();
  });

  it('refuses a language the shop has no catalogue for, and garbage', async () => {
    for (const bad of ['xx', 'tamil', 42, '']) {
      const res = await choose(bad);
      expect(res.statusCode, String(bad)).toBe(400);
      expect(langCookie(res)).toBeUndefined();
    }
  });

  it("saves a signed-in user's choice, which a sign-in on another browser brings back", async () => {
    const user = await createUser(t.db, { roles: ['Buyer'] });
    const first = await login(user.email);
    const session = first.cookies.find((c) => c.name === 'haat_session')!;
    expect(langCookie(first)).toBeUndefined(); // nothing chosen yet anywhere
    const res = await choose('hi', { cookie: `haat_session=${session.value}` });
    expect(res.statusCode).toBe(200);
    expect(await savedLanguage(user.id)).toBe('hi');

    // Another browser, which prefers English: the account's choice wins.
    const elsewhere = await login(user.email, { cookie: `${LANGUAGE_COOKIE}=en` });
    expect(langCookie(elsewhere)?.value).toBe('hi');
  });

  it('gives an account without a choice the language the browser chose before signing in', async () => {
    const user = await createUser(t.db, { roles: ['Buyer'] });
    const res = await login(user.email, { cookie: `${LANGUAGE_COOKIE}=hi` });
    expect(res.statusCode).toBe(200);
    expect(await savedLanguage(user.id)).toBe('hi');
  });
});

describe.skipIf(!fs.existsSync(ssrEntry))('the language of a page', () => {
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity', ...headers } });

  it('follows the cookie, else Accept-Language, else English, and each is its own cached page', async () => {
    const english = await get('/');
    expect(english.body).toMatch(/<html lang="en"/);
    expect(english.body).toContain('Skip to main content');

    const byBrowser = await get('/', { 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.5' });
    expect(byBrowser.body).toMatch(/<html lang="hi"/);
    expect(byBrowser.body).toContain('मुख्य सामग्री पर जाएँ');
    // A shared cache keeps the languages apart.
    expect(String(byBrowser.headers.vary)).toMatch(/Accept-Language/);
    expect(String((await get('/cart')).headers.vary)).toMatch(/Accept-Language/);

    const byChoice = await get('/', { 'accept-language': 'hi', cookie: `${LANGUAGE_COOKIE}=en` });
    expect(byChoice.body).toMatch(/<html lang="en"/);
    expect(byChoice.body).not.toContain('मुख्य');

    // The same URL asked again in English is the English page, not the cached Hindi one.
    expect((await get('/')).body).toContain('Skip to main content');
  });

  it('sends the browser the messages the page used, in its language', async () => {
    const page = await get('/', { cookie: `${LANGUAGE_COOKIE}=hi` });
    const data = JSON.parse(
      /<script type="application\/json" id="haat-data">([\s\S]*?)<\/script>/.exec(page.body)![1]!,
    ) as {
      i18n: { language: string; namespaces: string[]; messages: Record<string, unknown> };
    };
    expect(data.i18n.language).toBe('hi');
    expect(data.i18n.namespaces).toContain('common');
    expect(Object.keys(data.i18n.messages)).toContain('common.footer.terms');
  });

  it('puts the language on pages the browser renders too', async () => {
    const page = await get('/cart', { cookie: `${LANGUAGE_COOKIE}=hi` });
    expect(page.body).toMatch(/<html lang="hi"/);
  });
});
