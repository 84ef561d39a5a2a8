import { KYC_LIMITS, SELLER_MSG } from '#shared/accounts.ts';
import { isAdmin } from '#shared/permissions.ts';
import { SELLER_ROLES } from '#shared/roles.ts';
import type { SignedUrlBody } from '#shared/schemas/seller.ts';
import { AppError, forbidden, invalid, notFound } from '../../lib/errors.ts';
import { sniffImageType } from '../../lib/images.ts';
import { isSafeKey, newKey, type Storage, type StoredFile } from '../../lib/storage.ts';
import type { AuthedCtx } from '../../lib/types.ts';
import { findUserRecord } from '../accounts/accounts.service.ts';
import * as repo from './kyc.repo.ts';
import { signLink, verifyLink, type SignedLink } from './signed-link.ts';

/**
 * KYC documents (docs/product/orders-and-checkout.md#checkout-flow seller registration, docs/product/api.md Uploads; docs/product/roles-and-accounts.md, docs/product/catalog.md): sellers upload them to
 * PRIVATE storage, and only Admin and Auditor read them, through links the server signs.
 */

type DocumentType = { extension: 'pdf' | 'jpg' | 'png'; contentType: string };

/** PDF, JPEG or PNG, by the file's first bytes — never by its name or the browser's word for it. */
export function sniffDocumentType(data: Uint8Array): DocumentType | null {
  // "%PDF-"
  if (data.length >= 5 && [0x25, 0x50, 0x44, 0x46, 0x2d].every((b, i) => data[i] === b))
    return { extension: 'pdf', contentType: 'application/pdf' };
  const image = sniffImageType(data);
  if (image === 'jpeg') return { extension: 'jpg', contentType: 'image/jpeg' };
  if (image === 'png') return { extension: 'png', contentType: 'image/png' };
  return null;
}

/** The key prefix of a user's documents. */
const folderOf = (userId: string) => `kyc/${userId}`;

/**
 * How many more documents an upload may carry for this account (the caller's, or `userId`'s), looked up
 * before any file is read. Only a first, cheap refusal: `uploadVerificationDocs` decides, under its own
 * checks and the database's limit. Someone else's or an unknown account answers the full count, so this
 * tells nothing about other accounts.
 */
export async function documentSlotsLeft(ctx: AuthedCtx, userId?: string): Promise<number> {
  const id = userId ?? ctx.actor.id;
  if (id !== ctx.actor.id && !isAdmin(ctx.actor)) return KYC_LIMITS.maxFiles;
  if (!/^[0-9a-f-]{36}$/i.test(id)) return KYC_LIMITS.maxFiles;
  const record = await findUserRecord(ctx.db, id);
  return Math.max(0, KYC_LIMITS.maxFiles - (record?.user.verificationDocs.length ?? 0));
}

/**
 * POST /api/upload/verification-docs. The signed-in seller adds documents to their own account (an
 * Admin may add them to any seller's). The files go to private storage first; then ONE statement
 * appends their keys to the account within the 5-document limit, with their `uploads` rows. If that
 * fails, the stored files are removed again, so no file is left without an owner.
 *
 * This also does docs/product/orders-and-checkout.md#checkout-flow's "update the profile with their links": the server attaches what it stored,
 * so a client can never point an account at files it did not upload. Returns how many documents the
 * account now has (the route answers with their 'Document n' labels, never storage keys).
 */
export async function uploadVerificationDocs(
  ctx: AuthedCtx,
  storage: Storage,
  input: { userId?: string | undefined; files: readonly Buffer[] },
): Promise<number> {
  const userId = input.userId ?? ctx.actor.id;
  if (userId !== ctx.actor.id && !isAdmin(ctx.actor)) throw forbidden();
  const record = await findUserRecord(ctx.db, userId);
  if (!record) throw notFound('User not found');
  if (!record.roles.some((r) => SELLER_ROLES.includes(r))) throw forbidden(SELLER_MSG.notASeller);

  if (input.files.length === 0)
    throw invalid(SELLER_MSG.documentsRequired, [
      { path: 'verificationDocs', message: SELLER_MSG.documentsRequired },
    ]);
  if (input.files.length + record.user.verificationDocs.length > KYC_LIMITS.maxFiles)
    throw invalid(SELLER_MSG.tooManyDocuments, [
      { path: 'verificationDocs', message: SELLER_MSG.tooManyDocuments },
    ]);
  const typed = input.files.map((data) => {
    const type = sniffDocumentType(data);
    if (!type || data.length === 0)
      throw new AppError('unsupported_media', SELLER_MSG.documentType, { code: 'unsupported_media' });
    if (data.length > KYC_LIMITS.maxBytes)
      throw new AppError('too_large', SELLER_MSG.documentTooLarge, { code: 'file_too_large' });
    return { data, ...type, key: newKey(folderOf(userId), type.extension) };
  });

  const stored: string[] = [];
  try {
    for (const file of typed) {
      await storage.put(file.key, file.data, file.contentType, 'private');
      stored.push(file.key);
    }
    const count = await ctx.db.transaction(async (tx) => {
      const n = await repo.appendVerificationDocs(
        tx,
        userId,
        typed.map((f) => f.key),
        KYC_LIMITS.maxFiles,
      );
      if (n === null)
        throw invalid(SELLER_MSG.tooManyDocuments, [
          { path: 'verificationDocs', message: SELLER_MSG.tooManyDocuments },
        ]);
      await repo.recordUploads(
        tx,
        userId,
        typed.map((f) => ({ key: f.key, contentType: f.contentType, size: f.data.length })),
      );
      return n;
    });
    return count;
  } catch (err) {
    // Compensate: the files were stored but never attached. A failure to remove one is not the
    // person's problem; the original error is what they need to see.
    await Promise.allSettled(stored.map((key) => storage.delete(key)));
    throw err;
  }
}

/**
 * POST /api/upload/generate-presigned-url (Admin, Auditor; the guard is on the route). Signs a link to
 * a document on file: by user and position, or by key. Anything else is 404 — the server never signs
 * a key that is not some user's document.
 */
export async function signDocumentLink(
  ctx: AuthedCtx,
  secret: string,
  body: SignedUrlBody,
): Promise<SignedLink> {
  let key: string | null;
  if ('key' in body) {
    key = isSafeKey(body.key) && (await repo.findDocumentOwner(ctx.db, body.key)) ? body.key : null;
  } else {
    key = await repo.findDocumentKey(ctx.db, body.userId, body.index);
  }
  if (!key) throw notFound('Document not found');
  return signLink(secret, key);
}

/**
 * GET /api/upload/verification-docs/file: the private file behind a signed link. A bad or expired
 * signature is 403; a document removed since the link was made is 404.
 */
export async function readSignedDocument(
  storage: Storage,
  secret: string,
  presented: { key: string; expires: string; signature: string },
): Promise<StoredFile> {
  if (!verifyLink(secret, presented)) throw forbidden(SELLER_MSG.linkInvalid);
  const file = isSafeKey(presented.key) ? await storage.get(presented.key, 'private') : null;
  if (!file) throw notFound('Document not found');
  return file;
}

/** The signing key: APP_SECRET, or the one main.ts generated for this data folder. */
export function signingSecret(config: { appSecret: string | undefined }): string {
  if (!config.appSecret) throw new Error('APP_SECRET is not configured; signed links are unavailable');
  return config.appSecret;
}
