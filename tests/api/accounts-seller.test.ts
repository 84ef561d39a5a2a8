import fs from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDENTITY_PROOF_FORMATS, SELLER_MSG } from '#shared/accounts.ts';
import { MSG } from '#shared/messages.ts';
import { authResponse, userSchema } from '#shared/schemas/user.ts';
import { notifications, uploads, users } from '../../src/server/db/schema/index.ts';
import { queuedJobs } from '../../src/server/jobs/queue.ts';
import { createTestApp, type TestContext } from '../setup/test-app.ts';
import { authHeader, createUser, sessionToken, uniqueEmail, type TestUser } from '../factories/users.ts';
import { createCategory, createShop } from '../factories/catalog.ts';

/**
 * Seller sign-up (issue 7; docs/product/orders-and-checkout.md#checkout-flow "Seller registration", docs/product/messages.md, docs/product/api.md; docs/product/roles-and-accounts.md, docs/product/catalog.md): the fields and their
 * messages, the role rule, the documents upload to private storage, withdrawing a sign-up whose upload
 * failed, the verification e-mail, and "not selling before an Admin activates".
 */

let t: TestContext;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.db, { name: 'Aarav Admin', roles: ['Admin'] });
});
afterAll(async () => {
  await t?.close();
});

// Tiny but real file signatures: the server sniffs content, not names.
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(32, 1),
]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(32, 2)]);
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');

function sellerBody(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Kiran Textiles',
    phone: '919876543210',
    email: uniqueEmail('seller'),
    password: 'Secret@123',
    confirmPassword: 'Secret@123',
    address: '9 Weavers Lane',
    country: 'India',
    state: 'Telangana',
    city: 'Hyderabad',
    bank_account: '50100234567891',
    buisnessRegistrationCode: '36AABCK4821M1ZE',
    identifyProof: 'Pan Card',
    identifyProofNumber: 'AABCK4821M',
    ...overrides,
  };
}

const register = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/users', payload });

type Part = { name: string; value: string } | { name: string; file: Buffer; filename: string; type: string };

/** A multipart body exactly as a browser's FormData sends it. */
async function multipart(parts: Part[]): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const p of parts) {
    if ('file' in p) form.append(p.name, new Blob([new Uint8Array(p.file)], { type: p.type }), p.filename);
    else form.append(p.name, p.value);
  }
  const req = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await req.arrayBuffer()),
    headers: { 'content-type': req.headers.get('content-type') ?? '' },
  };
}

const doc = (file: Buffer, filename: string, type: string): Part => ({
  name: 'verificationDocs',
  file,
  filename,
  type,
});

async function upload(token: string | null, parts: Part[]) {
  const body = await multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: '/api/upload/verification-docs',
    payload: body.payload,
    headers: { ...body.headers, ...(token ? authHeader(token) : {}) },
  });
}

/** Register a seller through the API; returns the user and their bearer token. */
async function registerSeller(overrides: Record<string, unknown> = {}) {
  const res = await register(sellerBody(overrides));
  expect(res.statusCode, res.body).toBe(201);
  const user = authResponse.parse(res.json());
  return { user, token: user.token };
}

async function docsOf(userId: string): Promise<string[]> {
  const [row] = await t.db.select({ docs: users.verificationDocs }).from(users).where(eq(users.id, userId));
  return row?.docs ?? [];
}

/** Every file under the private and public upload folders (local storage in tests). */
async function filesOnDisk(): Promise<string[]> {
  const root = path.join(t.config.dataDir, 'uploads');
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.relative(root, path.join(e.parentPath, e.name)));
}

describe('POST /api/users: seller sign-up fields (docs/product/messages.md)', () => {
  // Each identity proof format, accepted and refused at its edges.
  const accepted: [string, string, string][] = [
    ['Passport', 'A1234567', 'A1234567'],
    ['Passport', 'z9y8x7w6', 'Z9Y8X7W6'],
    ['Aadhar Card', '123456789012', '123456789012'],
    ['Aadhar Card', '1234 5678 9012', '123456789012'],
    ['Pan Card', 'ABCDE1234F', 'ABCDE1234F'],
    ['Pan Card', 'abcde1234f', 'ABCDE1234F'],
    ['Driving License', 'DL0420110149646', 'DL0420110149646'], // 15
    ['Driving License', 'MH1220190001234ABCDE', 'MH1220190001234ABCDE'], // 20
  ];
  it.each(accepted)('accepts %s %j (stored as %s)', async (type, number, stored) => {
    const res = await register(sellerBody({ identifyProof: type, identifyProofNumber: number }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ identifyProof: type, identifyProofNumber: stored });
  });

  const refused: [string, string][] = [
    ['Passport', 'A123456'], // 7
    ['Passport', 'A12345678'], // 9
    ['Passport', 'A123456!'],
    ['Aadhar Card', '12345678901'], // 11
    ['Aadhar Card', '1234567890123'], // 13
    ['Aadhar Card', '12345678901A'],
    ['Pan Card', 'ABCDE1234'], // 9
    ['Pan Card', 'ABCDE1234FG'], // 11
    ['Pan Card', 'ABCDE1234#'],
    ['Driving License', 'DL042011014964'], // 14
    ['Driving License', 'MH1220190001234ABCDEF'], // 21
    ['Driving License', 'DL04201101496_6'],
  ];
  it.each(refused)('refuses %s %j with its message, writing nothing', async (type, number) => {
    const body = sellerBody({ identifyProof: type, identifyProofNumber: number });
    const res = await register(body);
    expect(res.statusCode).toBe(400);
    const message = IDENTITY_PROOF_FORMATS[type as keyof typeof IDENTITY_PROOF_FORMATS].message;
    expect(res.json().errors).toEqual([{ path: 'identifyProofNumber', message }]);
    expect(await t.db.select().from(users).where(eq(users.email, body.email))).toHaveLength(0);
  });

  it('needs an identity proof type from the list and a number', async () => {
    const unknown = await register(sellerBody({ identifyProof: 'Voter ID' }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toContainEqual({
      path: 'identifyProof',
      message: SELLER_MSG.identifyProofRequired,
    });

    const missing = await register(sellerBody({ identifyProof: undefined, identifyProofNumber: undefined }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual(
      expect.arrayContaining([
        { path: 'identifyProof', message: SELLER_MSG.identifyProofRequired },
        { path: 'identifyProofNumber', message: SELLER_MSG.identifyProofNumberRequired },
      ]),
    );
  });

  it('seller mobile: digits only, 5 to 15 of them', async () => {
    expect((await register(sellerBody({ phone: '12345' }))).statusCode).toBe(201);
    expect((await register(sellerBody({ phone: '123456789012345' }))).statusCode).toBe(201);
    const short = await register(sellerBody({ phone: '1234' }));
    expect(short.json().errors).toEqual([
      { path: 'phone', message: 'Mobile number must be at least 5 digits' },
    ]);
    const long = await register(sellerBody({ phone: '1234567890123456' }));
    expect(long.statusCode).toBe(400);
    expect(long.json().errors).toEqual([{ path: 'phone', message: MSG.mobileTooLong }]);
    expect(MSG.mobileTooLong).toBe('Mobile number cannot be more than 15 digits');
    const letters = await register(sellerBody({ phone: '+91 98765' }));
    expect(letters.json().errors[0]).toEqual({
      path: 'phone',
      message: 'Mobile number must contain digits only',
    });
  });

  it('GSTIN/UIN at most 15 characters, bank account at most 18, e-mail pattern, passwords match', async () => {
    const gst = await register(sellerBody({ buisnessRegistrationCode: '36AABCK4821M1ZDX' }));
    expect(gst.json().errors).toEqual([
      { path: 'buisnessRegistrationCode', message: 'GSTIN/UIN cannot be more than 15 characters' },
    ]);
    expect((await register(sellerBody({ bank_account: '123456789012345678' }))).statusCode).toBe(201);
    const bank = await register(sellerBody({ bank_account: '1234567890123456789' }));
    expect(bank.json().errors).toEqual([
      { path: 'bank_account', message: 'Bank account number cannot be more than 18 characters' },
    ]);
    const email = await register(sellerBody({ email: 'seller@nowhere' }));
    expect(email.json().errors[0].path).toBe('email');
    const mismatch = await register(sellerBody({ confirmPassword: 'Other@1234' }));
    expect(mismatch.json().errors).toEqual([{ path: 'confirmPassword', message: MSG.passwordsDoNotMatch }]);
  });

  // From an address of their own: sign-up is limited per address, and this file signs up many sellers.
  const registerFrom = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/users', payload, remoteAddress: '10.15.0.19' });

  it("a GSTIN with a wrong check character or state code → 400 'Please enter a valid GSTIN.'", async () => {
    for (const code of ['36AABCK4821M1ZD', '40AABCK4821M1ZE', '36AABCK4821M1YE']) {
      const res = await registerFrom(sellerBody({ buisnessRegistrationCode: code }));
      expect(res.statusCode, code).toBe(400);
      expect(res.json().errors, code).toEqual([
        { path: 'buisnessRegistrationCode', message: 'Please enter a valid GSTIN.' },
      ]);
    }
  });

  it('a GSTIN typed in lower case with spaces is stored in upper case without them; a UIN is accepted', async () => {
    const typed = await registerFrom(sellerBody({ buisnessRegistrationCode: '36 aabck 4821m 1ze' }));
    expect(typed.statusCode).toBe(201);
    expect(typed.json().buisnessRegistrationCode).toBe('36AABCK4821M1ZE');
    const uin = await registerFrom(sellerBody({ buisnessRegistrationCode: '0717uno00157uno' }));
    expect(uin.statusCode).toBe(201);
    expect(uin.json().buisnessRegistrationCode).toBe('0717UNO00157UNO');
  });

  it('role by docs/product/messages.md: bank + GSTIN → Seller-Company, bank only → Seller-Individual; both inactive', async () => {
    const company = await registerSeller();
    expect(company.user).toMatchObject({ role: ['Seller-Company'], active: false, verificationDocs: [] });
    const individual = await registerSeller({
      buisnessRegistrationCode: '',
      identifyProof: 'Aadhar Card',
      identifyProofNumber: '123456789012',
    });
    expect(individual.user).toMatchObject({
      role: ['Seller-Individual'],
      active: false,
      buisnessRegistrationCode: null,
    });
    // Identity proof without a bank account is a seller who forgot it, not a buyer.
    const noBank = await register(sellerBody({ bank_account: '' }));
    expect(noBank.statusCode).toBe(400);
    expect(noBank.json().errors).toContainEqual({
      path: 'bank_account',
      message: SELLER_MSG.bankAccountRequired,
    });
  });
});

describe('POST /api/upload/verification-docs', () => {
  it('stores the documents in PRIVATE storage, attaches them, answers with Document n labels', async () => {
    const { user, token } = await registerSeller();
    const res = await upload(token, [
      { name: 'userId', value: user._id },
      { name: 'identifyProof', value: 'Pan Card' },
      doc(PDF, 'gst-certificate.pdf', 'application/pdf'),
      doc(PNG, 'pan.png', 'image/png'),
    ]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual(['Document 1', 'Document 2']);

    const keys = await docsOf(user._id);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(new RegExp(`^kyc/${user._id}/[0-9a-f-]{36}\\.pdf$`));
    expect(keys[1]).toMatch(/\.png$/);
    for (const key of keys) {
      expect(await t.app.storage.get(key, 'private')).not.toBeNull();
      expect(await t.app.storage.get(key, 'public')).toBeNull();
    }
    expect((await t.app.storage.get(keys[0]!, 'private'))?.data.equals(PDF)).toBe(true);
    const rows = await t.db.select().from(uploads).where(eq(uploads.ownerId, user._id));
    expect(rows.map((r) => [r.kind, r.contentType]).sort()).toEqual([
      ['verification-doc', 'application/pdf'],
      ['verification-doc', 'image/png'],
    ]);

    // The profile shows labels, never the storage keys.
    const me = await t.app.inject({ method: 'GET', url: '/api/users/profile', headers: authHeader(token) });
    expect(userSchema.parse(me.json()).verificationDocs).toEqual(['Document 1', 'Document 2']);
    expect(me.body).not.toContain('kyc/');

    // More later, up to five in all; the userId field is optional (default: me).
    const more = await upload(token, [doc(JPEG, 'licence.jpg', 'image/jpeg')]);
    expect(more.json()).toEqual(['Document 1', 'Document 2', 'Document 3']);
  });

  it('refuses other types by content (415), whatever the name says, and stores nothing', async () => {
    const { user, token } = await registerSeller();
    const before = await filesOnDisk();
    const gif = await upload(token, [doc(GIF, 'passport.png', 'image/png')]);
    expect(gif.statusCode).toBe(415);
    expect(gif.json().message).toBe(SELLER_MSG.documentType);
    const text = await upload(token, [
      doc(PDF, 'ok.pdf', 'application/pdf'),
      doc(Buffer.from('hello'), 'a.pdf', 'application/pdf'),
    ]);
    expect(text.statusCode).toBe(415);
    expect(await docsOf(user._id)).toEqual([]);
    expect(await filesOnDisk()).toEqual(before);
  });

  it('refuses a file over 10 MB (413), more than 5 documents (400), and no file (400)', async () => {
    const { user, token } = await registerSeller();
    const big = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]);
    const tooBig = await upload(token, [doc(big, 'big.pdf', 'application/pdf')]);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toBe(SELLER_MSG.documentTooLarge);

    const six = await upload(
      token,
      Array.from({ length: 6 }, (_, i) => doc(PDF, `d${i}.pdf`, 'application/pdf')),
    );
    expect(six.statusCode).toBe(400);
    expect(six.json().message).toBe(SELLER_MSG.tooManyDocuments);

    expect(
      (
        await upload(
          token,
          Array.from({ length: 3 }, () => doc(PDF, 'd.pdf', 'application/pdf')),
        )
      ).statusCode,
    ).toBe(201);
    const overLimit = await upload(
      token,
      Array.from({ length: 3 }, () => doc(PNG, 'd.png', 'image/png')),
    );
    expect(overLimit.statusCode).toBe(400);
    expect(overLimit.json().message).toBe(SELLER_MSG.tooManyDocuments);
    expect(await docsOf(user._id)).toHaveLength(3);

    const none = await upload(token, [{ name: 'userId', value: user._id }]);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(SELLER_MSG.documentsRequired);
  });

  it('five documents racing in two uploads never make more than five', async () => {
    const { user, token } = await registerSeller();
    const three = () =>
      upload(
        token,
        Array.from({ length: 3 }, () => doc(PDF, 'd.pdf', 'application/pdf')),
      );
    const codes = (await Promise.all([three(), three()])).map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 400]);
    expect(await docsOf(user._id)).toHaveLength(3);
  });

  it('only for sellers, for their own account (Admin: any seller); signed out 401; JSON 415', async () => {
    const { user: seller, token } = await registerSeller();
    const other = await registerSeller();
    const buyer = await createUser(t.db, { roles: ['Buyer'] });
    const buyerToken = await sessionToken(t.db, buyer.id);

    expect((await upload(null, [doc(PDF, 'a.pdf', 'application/pdf')])).statusCode).toBe(401);
    const asBuyer = await upload(buyerToken, [doc(PDF, 'a.pdf', 'application/pdf')]);
    expect(asBuyer.statusCode).toBe(403);
    expect(asBuyer.json().message).toBe(SELLER_MSG.notASeller);
    const forOther = await upload(token, [
      { name: 'userId', value: other.user._id },
      doc(PDF, 'a.pdf', 'application/pdf'),
    ]);
    expect(forOther.statusCode).toBe(403);
    expect(await docsOf(other.user._id)).toEqual([]);

    const adminToken = await sessionToken(t.db, admin.id);
    const byAdmin = await upload(adminToken, [
      { name: 'userId', value: seller._id },
      doc(PDF, 'a.pdf', 'application/pdf'),
    ]);
    expect(byAdmin.statusCode).toBe(201);

    const json = await t.app.inject({
      method: 'POST',
      url: '/api/upload/verification-docs',
      headers: authHeader(token),
      payload: { verificationDocs: ['https://example.com/a.pdf'] },
    });
    expect(json.statusCode).toBe(415);
  });
});

describe('DELETE /api/users/registration (a sign-up whose upload failed)', () => {
  it('removes an inactive seller without documents, so the same e-mail can sign up again', async () => {
    const body = sellerBody();
    const first = await register(body);
    const { token } = first.json() as { token: string };
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/users/registration',
      headers: authHeader(token),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await t.db.select().from(users).where(eq(users.email, body.email))).toHaveLength(0);
    // The session went with the account.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/users/profile', headers: authHeader(token) }))
        .statusCode,
    ).toBe(401);
    expect((await register(body)).statusCode).toBe(201);
  });

  it('refuses once documents are on file, for buyers and for active sellers (409)', async () => {
    const { token } = await registerSeller();
    expect((await upload(token, [doc(PDF, 'a.pdf', 'application/pdf')])).statusCode).toBe(201);
    const withDocs = await t.app.inject({
      method: 'DELETE',
      url: '/api/users/registration',
      headers: authHeader(token),
    });
    expect(withDocs.statusCode).toBe(409);

    const buyer = await createUser(t.db, { roles: ['Buyer'] });
    const asBuyer = await t.app.inject({
      method: 'DELETE',
      url: '/api/users/registration',
      headers: authHeader(await sessionToken(t.db, buyer.id)),
    });
    expect(asBuyer.statusCode).toBe(409);
    const active = await createUser(t.db, { roles: ['Seller-Individual'], active: true });
    const asActive = await t.app.inject({
      method: 'DELETE',
      url: '/api/users/registration',
      headers: authHeader(await sessionToken(t.db, active.id)),
    });
    expect(asActive.statusCode).toBe(409);
    expect(await t.db.select().from(users).where(eq(users.id, active.id))).toHaveLength(1);
  });
});

describe('POST /api/users/seller-verification-email', () => {
  const request = (token: string, email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/users/seller-verification-email',
      headers: authHeader(token),
      payload: { email },
    });

  it('needs documents first; then queues the mail once (seller and each Admin), however often asked', async () => {
    const { user, token } = await registerSeller();
    const early = await request(token, user.email);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(SELLER_MSG.noDocuments);

    expect((await upload(token, [doc(PDF, 'a.pdf', 'application/pdf')])).statusCode).toBe(201);
    const first = await request(token, user.email);
    expect(first.statusCode, first.body).toBe(200);
    const again = await Promise.all([request(token, user.email), request(token, user.email.toUpperCase())]);
    expect(again.map((r) => r.statusCode)).toEqual([200, 200]);

    const mails = await t.db.select().from(notifications).where(eq(notifications.documentId, user._id));
    expect(mails.map((m) => [m.type, m.recipient]).sort()).toEqual(
      [
        ['seller_verification', user.email.toLowerCase()],
        ['seller_verification_admin', admin.email.toLowerCase()],
      ].sort(),
    );
    const queued = await queuedJobs(t.db, { kind: 'email.send' });
    const forSeller = queued.filter((j) => (j.payload as { documentId?: string }).documentId === user._id);
    expect(forSeller).toHaveLength(2);
    const text = String(
      (
        forSeller.find((j) => (j.payload as { type: string }).type === 'seller_verification')?.payload as {
          text: string;
        }
      ).text,
    );
    expect(text).toContain('3-5 days');
  });

  it("another person's address is 404; a buyer's own is 409", async () => {
    const a = await registerSeller();
    const b = await registerSeller();
    expect((await request(a.token, b.user.email)).statusCode).toBe(404);
    const buyer = await createUser(t.db, { roles: ['Buyer'] });
    const res = await request(await sessionToken(t.db, buyer.id), buyer.email);
    expect(res.statusCode).toBe(409);
  });
});

describe('a seller created inactive cannot create products until activated', () => {
  it('POST /api/products: 403 while pending, 201 after an Admin activates them', async () => {
    const { user, token } = await registerSeller();
    await createShop(t.db, { userId: user._id, shopName: `Shop ${user._id.slice(0, 8)}` });
    const category = await createCategory(t.db);
    const product = {
      name: 'Ikat Cotton Saree',
      price: 2499,
      currency: 'INR',
      brand: 'Kiran',
      countInStock: 5,
      categoryId: category.id,
      sizes: ['M', 'L'],
      description: 'Handwoven ikat saree.',
      image: [],
    };
    const create = () =>
      t.app.inject({ method: 'POST', url: '/api/products', headers: authHeader(token), payload: product });

    const pending = await create();
    expect(pending.statusCode).toBe(403);

    const adminToken = await sessionToken(t.db, admin.id);
    const activate = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${user._id}`,
      headers: authHeader(adminToken),
      payload: { _id: user._id, name: user.name, email: user.email, role: user.role, active: true },
    });
    expect(activate.statusCode, activate.body).toBe(200);
    const created = await create();
    expect(created.statusCode, created.body).toBe(201);

    const verified = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.documentId, user._id), eq(notifications.type, 'seller_verified')));
    expect(verified).toHaveLength(1);
  });
});
