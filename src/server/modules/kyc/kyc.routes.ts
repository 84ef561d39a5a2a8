import { documentLabels, KYC_LIMITS, SELLER_MSG } from '#shared/accounts.ts';
import { canViewUserList } from '#shared/permissions.ts';
import { isUuid } from '#shared/schemas/common.ts';
import {
  signedFileQuery,
  signedUrlBody,
  signedUrlResponse,
  verificationDocsResponse,
} from '#shared/schemas/seller.ts';
import { invalid } from '../../lib/errors.ts';
import { acceptMultipart, readMultipart } from '../../lib/multipart.ts';
import type { App } from '../../lib/types.ts';
import { requirePermission } from '../../plugins/auth.ts';
import { publicOrigin } from '../../lib/links.ts';
import {
  documentSlotsLeft,
  readSignedDocument,
  signDocumentLink,
  signingSecret,
  uploadVerificationDocs,
} from './kyc.service.ts';
import { linkQuery, SIGNED_FILE_PATH } from './signed-link.ts';
import { signedIn } from '../../plugins/context.ts';

/** The multipart field the files come in (docs/product/api.md: userId, identifyProof, verificationDocs). */
const FILES_FIELD = 'verificationDocs';

/**
 * KYC uploads and signed links (docs/product/api.md Uploads, docs/product/roles-and-accounts.md). Registered under /api. Multipart parsing
 * is registered in this plugin's own scope (unless an outer scope already has it), with per-request
 * limits, so it does not change how other modules parse bodies.
 */
export default async function kycRoutes(app: App) {
  await acceptMultipart(app);

  app.post(
    '/upload/verification-docs',
    {
      config: { rateLimit: { max: 30, timeWindow: '15 minutes' } },
      schema: {
        tags: ['uploads'],
        summary: 'Upload identity documents (multipart: userId?, identifyProof?, verificationDocs files)',
        consumes: ['multipart/form-data'],
        response: { 201: verificationDocsResponse },
      },
    },
    async (req, reply) => {
      const ctx = signedIn(req);
      const tooManyDocuments = () =>
        invalid(SELLER_MSG.tooManyDocuments, [{ path: FILES_FIELD, message: SELLER_MSG.tooManyDocuments }]);
      // Any file beyond the account's free places (five minus those on file, looked up when the first
      // file arrives) is refused before it is read; only the documents field is kept.
      let slots: number | null = null;
      const { fields, files } = await readMultipart(req, {
        limits: {
          fileBytes: KYC_LIMITS.maxBytes,
          files: KYC_LIMITS.maxFiles,
          fields: 10,
          fieldBytes: 1_000,
          totalBytes: KYC_LIMITS.maxFiles * KYC_LIMITS.maxBytes,
        },
        answers: {
          notMultipart: 'Please send the documents as multipart/form-data',
          fileTooLarge: SELLER_MSG.documentTooLarge,
          requestTooLarge: 'Request is too large',
          tooManyFiles: tooManyDocuments,
          tooManyParts: () => invalid('Too many form fields'),
        },
        onFile: async (fieldName, count, fieldsSoFar) => {
          slots ??= await documentSlotsLeft(ctx, fieldsSoFar.get('userId')?.trim() || undefined);
          if (count > slots) throw tooManyDocuments();
          return fieldName === FILES_FIELD || fieldName === `${FILES_FIELD}[]`;
        },
      });
      const userId = fields.get('userId')?.trim() || undefined;
      if (userId !== undefined && !isUuid(userId))
        throw invalid('Invalid id', [{ path: 'userId', message: 'Invalid id' }]);
      // `identifyProof` (docs/product/api.md) is accepted for compatibility; the type given at registration is on file.
      const count = await uploadVerificationDocs(ctx, app.storage, {
        userId,
        files,
      });
      return reply.status(201).send(documentLabels(count));
    },
  );

  app.post(
    '/upload/generate-presigned-url',
    {
      onRequest: requirePermission(canViewUserList),
      schema: {
        tags: ['uploads'],
        summary: 'A link to a verification document, valid 10 minutes (Admin, Auditor)',
        body: signedUrlBody,
        response: { 200: signedUrlResponse },
      },
    },
    async (req) => {
      const link = await signDocumentLink(signedIn(req), signingSecret(app.config), req.body);
      // With S3, a real presigned URL straight to the bucket (docs/product/roles-and-accounts.md); else our own signed route.
      if (app.storage.presignPrivate) {
        const ttlSeconds = Math.max(1, Math.round((link.expiresAt.getTime() - Date.now()) / 1000));
        return {
          url: await app.storage.presignPrivate(link.key, ttlSeconds),
          expiresAt: link.expiresAt.toISOString(),
        };
      }
      return {
        url: `${publicOrigin(req)}${SIGNED_FILE_PATH}?${linkQuery(link)}`,
        expiresAt: link.expiresAt.toISOString(),
      };
    },
  );

  app.get(
    SIGNED_FILE_PATH.replace(/^\/api/, ''),
    {
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags: ['uploads'],
        summary: 'The private file behind a signed link (403 when tampered with or expired)',
        querystring: signedFileQuery,
      },
    },
    async (req, reply) => {
      const file = await readSignedDocument(app.storage, signingSecret(app.config), req.query);
      const extension = req.query.key.slice(req.query.key.lastIndexOf('.') + 1);
      return (
        reply
          .header('content-type', file.contentType)
          .header('content-length', file.data.length)
          .header('content-disposition', `inline; filename="verification-document.${extension}"`)
          .header('cache-control', 'private, no-store')
          .header('referrer-policy', 'no-referrer')
          .header('x-robots-tag', 'noindex')
          // Only the file itself: no scripts, not framed by other sites; PDFs still open in the viewer.
          .header(
            'content-security-policy',
            "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; object-src 'self'; frame-ancestors 'none'",
          )
          .send(file.data)
      );
    },
  );
}
