import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { canManageProducts, isSeller } from '#shared/permissions.ts';
import { errorSchema } from '#shared/schemas/common.ts';
import {
  MAX_IMAGE_BYTES,
  MAX_PRODUCT_IMAGES,
  MAX_UPLOAD_REQUEST_BYTES,
  PRODUCT_MSG,
} from '#shared/schemas/product-form.ts';
import { imageLinksSchema, storedPathSchema } from '#shared/schemas/product.ts';
import { AppError, invalid } from '../../lib/errors.ts';
import { malformedMultipart } from '../../lib/multipart-errors.ts';
import type { App } from '../../lib/types.ts';
import { requirePermission } from '../../plugins/auth.ts';
import { readFilePart } from '../../lib/read-file-part.ts';
import * as uploads from './uploads.service.ts';
import { signedIn } from '../../plugins/context.ts';

/**
 * Image uploads (SPEC §7 Uploads): product images and shop picture/banner. Multipart bodies are read here
 * with hard limits (DECISIONS §5: 5 MB a file, 8 files a product), buffered in memory (20 MB at most per
 * request, counted as the bytes arrive) and handed to the service, which checks what the files are.
 */

type Limits = { maxFiles: number };

/** Part-level problems of @fastify/multipart as our errors (one place, so every route answers alike). */
function multipartError(err: unknown): unknown {
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE')
    return new AppError('too_large', uploads.UPLOAD_MSG.tooLarge, { code: 'file_too_large' });
  if (code === 'FST_FILES_LIMIT')
    return invalid(PRODUCT_MSG.tooManyImages, [{ path: 'files', message: PRODUCT_MSG.tooManyImages }]);
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
    return new AppError('too_large', 'Request is too large', { code: 'request_too_large' });
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
    return new AppError('unsupported_media', uploads.UPLOAD_MSG.notMultipart, { code: 'unsupported_media' });
  return malformedMultipart(err) ?? err;
}

/**
 * Read a multipart body: text fields and file contents. `onField` runs as each field arrives, so a
 * productId sent before the files (as the web app does) is checked before any file is read.
 */
async function readMultipart(
  req: FastifyRequest,
  { maxFiles }: Limits,
  onField: (name: string, value: string) => Promise<void> = async () => {},
): Promise<{ fields: Map<string, string>; files: Buffer[] }> {
  const maxBytes = Math.min(maxFiles * MAX_IMAGE_BYTES, MAX_UPLOAD_REQUEST_BYTES);
  const overTotal = () =>
    new AppError('too_large', uploads.UPLOAD_MSG.requestTooLarge, { code: 'request_too_large' });
  // A declared length over the limit is refused before reading; a chunked body is counted as it comes.
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes + 1_048_576) throw overTotal();
  if (!req.isMultipart())
    throw new AppError('unsupported_media', uploads.UPLOAD_MSG.notMultipart, { code: 'unsupported_media' });
  const fields = new Map<string, string>();
  const files: Buffer[] = [];
  const budget = { left: maxBytes, over: overTotal };
  try {
    const parts = req.parts({
      limits: {
        fileSize: MAX_IMAGE_BYTES,
        files: maxFiles + 1,
        fields: 10,
        fieldSize: 1024,
        parts: maxFiles + 11,
      },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (files.length >= maxFiles)
          throw invalid(PRODUCT_MSG.tooManyImages, [{ path: 'files', message: PRODUCT_MSG.tooManyImages }]);
        files.push(await readFilePart(part, budget));
      } else {
        const value = typeof part.value === 'string' ? part.value : String(part.value);
        fields.set(part.fieldname, value);
        await onField(part.fieldname, value);
      }
    }
  } catch (err) {
    throw multipartError(err);
  }
  return { fields, files };
}

export default async function uploadsRoutes(app: App) {
  // Registered here, not for the whole app: only these routes take multipart bodies. Another module may
  // have registered it already for its own routes; one parser is enough.
  if (!app.hasContentTypeParser('multipart/form-data'))
    await app.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES }, throwFileSizeLimit: true });

  const tags = ['uploads'];
  // Each product image costs three sharp encodes; a person never needs more than this.
  const rateLimit = { max: 60, timeWindow: '1 minute' };
  const errors = {
    400: errorSchema,
    401: errorSchema,
    403: errorSchema,
    404: errorSchema,
    413: errorSchema,
    415: errorSchema,
  };

  app.post(
    '/upload/product',
    {
      onRequest: requirePermission(canManageProducts),
      config: { rateLimit },
      schema: {
        tags,
        summary: 'Upload images of a product (multipart: productId, then up to 8 image files of 5 MB)',
        consumes: ['multipart/form-data'],
        response: { 200: imageLinksSchema, ...errors },
      },
    },
    async (req) => {
      const ctx = signedIn(req);
      let checked: string | null = null;
      const { fields, files } = await readMultipart(
        req,
        { maxFiles: MAX_PRODUCT_IMAGES },
        async (name, value) => {
          if (name !== 'productId') return;
          await uploads.checkProductUploadTarget(ctx, value);
          checked = value;
        },
      );
      const productId = fields.get('productId');
      if (!productId)
        throw invalid(uploads.UPLOAD_MSG.noProduct, [
          { path: 'productId', message: uploads.UPLOAD_MSG.noProduct },
        ]);
      if (checked !== productId) await uploads.checkProductUploadTarget(ctx, productId);
      return uploads.storeProductImages(ctx, productId, files);
    },
  );

  for (const kind of ['picture', 'banner'] as const) {
    app.post(
      `/upload/shop-${kind}`,
      {
        onRequest: requirePermission(isSeller),
        config: { rateLimit },
        schema: {
          tags,
          summary: `Upload the shop ${kind} (sellers; one image file of at most 5 MB); answers its path`,
          consumes: ['multipart/form-data'],
          response: { 200: storedPathSchema, ...errors },
        },
      },
      async (req, reply) => {
        const ctx = signedIn(req);
        const { files } = await readMultipart(req, { maxFiles: 1 });
        const path = await uploads.storeShopImage(ctx, kind, files[0] ?? null);
        // A JSON string: Fastify would send a bare string as text/plain.
        return reply.type('application/json; charset=utf-8').send(JSON.stringify(path));
      },
    );
  }
}
