import multipart from '@fastify/multipart';
import { documentLabels, KYC_LIMITS, SELLER_MSG } from '#shared/accounts.ts';
import { canViewUserList } from '#shared/permissions.ts';
import {
  signedFileQuery,
  signedUrlBody,
  signedUrlResponse,
  verificationDocsResponse,
} from '#shared/schemas/seller.ts';
import { AppError, invalid } from '../../lib/errors.ts';
import { malformedMultipart } from '../../lib/multipart-errors.ts';
import type { App } from '../../lib/types.ts';
import { requirePermission } from '../../plugins/auth.ts';
import { publicOrigin } from '../../lib/links.ts';
import { readFilePart } from '../../lib/read-file-part.ts';
import {
  documentSlotsLeft,
  readSignedDocument,
  signDocumentLink,
  signingSecret,
  uploadVerificationDocs,
} from './kyc.service.ts';
import { linkQuery, SIGNED_FILE_PATH } from './signed-link.ts';
import { signedIn } from '../../plugins/context.ts';

/** The multipart field the files come in (SPEC §7: userId, identifyProof, verificationDocs). */
const FILES_FIELD = 'verificationDocs';

/** @fastify/multipart's limit errors, by code, as our messages (DECISIONS §3, §5). */
function multipartError(err: unknown): AppError | null {
  const code = (err as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE')
    return new AppError('too_large', SELLER_MSG.documentTooLarge, { code: 'file_too_large' });
  if (code === 'FST_FILES_LIMIT')
    return invalid(SELLER_MSG.tooManyDocuments, [
      { path: FILES_FIELD, message: SELLER_MSG.tooManyDocuments },
    ]);
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return invalid('Too many form fields');
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
    return new AppError('unsupported_media', 'Please send the documents as multipart/form-data', {
      code: 'unsupported_media',
    });
  return malformedMultipart(err);
}

/**
 * KYC uploads and signed links (SPEC §7 Uploads, DECISIONS §4). Registered under /api. Multipart parsing
 * is registered in this plugin's own scope (unless an outer scope already has it), with per-request
 * limits, so it does not change how other modules parse bodies.
 */
export default async function kycRoutes(app: App) {
  if (!app.hasContentTypeParser('multipart/form-data')) {
    await app.register(multipart, { limits: { fileSize: KYC_LIMITS.maxBytes, files: KYC_LIMITS.maxFiles } });
  }

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
      if (!req.isMultipart()) throw multipartError({ code: 'FST_INVALID_MULTIPART_CONTENT_TYPE' })!;
      const ctx = signedIn(req);
      // Refused before reading: a body declared over the limit, and any file beyond the account's free
      // places (five minus those on file, looked up when the first file arrives); the bytes of the files
      // read are counted as they arrive.
      const maxBytes = KYC_LIMITS.maxFiles * KYC_LIMITS.maxBytes;
      const tooLarge = () => new AppError('too_large', 'Request is too large', { code: 'request_too_large' });
      const declared = Number(req.headers['content-length']);
      if (Number.isFinite(declared) && declared > maxBytes + 1_048_576) throw tooLarge();
      const budget = { left: maxBytes, over: tooLarge };
      const fields: Record<string, string> = {};
      const files: Buffer[] = [];
      let slots: number | null = null;
      let fileParts = 0;
      try {
        for await (const part of req.parts({
          limits: {
            fileSize: KYC_LIMITS.maxBytes,
            files: KYC_LIMITS.maxFiles,
            fields: 10,
            fieldSize: 1_000,
            parts: KYC_LIMITS.maxFiles + 10,
          },
        })) {
          if (part.type === 'file') {
            slots ??= await documentSlotsLeft(ctx, fields.userId?.trim() || undefined);
            if (++fileParts > slots)
              throw invalid(SELLER_MSG.tooManyDocuments, [
                { path: FILES_FIELD, message: SELLER_MSG.tooManyDocuments },
              ]);
            // Every file part is read (the stream must be drained); only the documents field is kept.
            const data = await readFilePart(part, budget);
            if (part.fieldname === FILES_FIELD || part.fieldname === `${FILES_FIELD}[]`) files.push(data);
          } else if (typeof part.value === 'string') {
            fields[part.fieldname] = part.value;
          }
        }
      } catch (err) {
        throw multipartError(err) ?? err;
      }
      const userId = fields.userId?.trim() || undefined;
      if (userId !== undefined && !/^[0-9a-f-]{36}$/i.test(userId))
        throw invalid('Invalid id', [{ path: 'userId', message: 'Invalid id' }]);
      // `identifyProof` (SPEC §7) is accepted for compatibility; the type given at registration is on file.
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
      // With S3, a real presigned URL straight to the bucket (DECISIONS §4); else our own signed route.
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
