import type { FastifyRequest } from 'fastify';
import { RETURN_MAX_PHOTOS } from '#shared/fulfilment.ts';
import { canManageProducts, isSeller } from '#shared/permissions.ts';
import { errorSchema } from '#shared/schemas/common.ts';
import {
  MAX_RETURN_VIDEO_BYTES,
  RETURN_MEDIA_FIELD,
  RETURN_MSG,
  returnMediaUploadSchema,
} from '#shared/schemas/fulfilment.ts';
import {
  MAX_IMAGE_BYTES,
  MAX_PRODUCT_IMAGES,
  MAX_UPLOAD_REQUEST_BYTES,
  NEW_PRODUCT_PARTS,
  PRODUCT_MSG,
  newProductBody,
} from '#shared/schemas/product-form.ts';
import { imageLinksSchema, productSchema, storedPathSchema } from '#shared/schemas/product.ts';
import { AppError, invalid } from '../../lib/errors.ts';
import { acceptMultipart, readMultipart } from '../../lib/multipart.ts';
import { findUnstorableText, UNSTORABLE_TEXT_MSG } from '../../lib/storable-text.ts';
import type { App } from '../../lib/types.ts';
import { requireActive, requirePermission } from '../../plugins/auth.ts';
import { createProductWithImages } from '../catalog/product-write.service.ts';
import * as uploads from './uploads.service.ts';
import { signedIn } from '../../plugins/context.ts';

/**
 * Image uploads (docs/product/api.md Uploads): product images and shop picture/banner. Multipart bodies are read here
 * with hard limits (docs/product/catalog.md: 5 MB a file, 8 files a product), buffered in memory (20 MB at most per
 * request, counted as the bytes arrive) and handed to the service, which checks what the files are.
 */

/**
 * Reads an upload's body: at most `maxFiles` images of 5 MB, 20 MB in all; text fields of `fieldBytes`
 * (1 KB unless said).
 */
function readImages(
  req: FastifyRequest,
  maxFiles: number,
  onField?: (name: string, value: string) => Promise<void>,
  fieldBytes = 1024,
): Promise<{ fields: Map<string, string>; files: Buffer[] }> {
  return readMultipart(req, {
    limits: {
      fileBytes: MAX_IMAGE_BYTES,
      files: maxFiles,
      fields: 10,
      fieldBytes,
      totalBytes: Math.min(maxFiles * MAX_IMAGE_BYTES, MAX_UPLOAD_REQUEST_BYTES),
    },
    answers: {
      notMultipart: uploads.UPLOAD_MSG.notMultipart,
      fileTooLarge: uploads.UPLOAD_MSG.tooLarge,
      requestTooLarge: uploads.UPLOAD_MSG.requestTooLarge,
      tooManyFiles: () =>
        invalid(PRODUCT_MSG.tooManyImages, [{ path: 'files', message: PRODUCT_MSG.tooManyImages }]),
      tooManyParts: () => new AppError('too_large', 'Request is too large', { code: 'request_too_large' }),
    },
    onField,
  });
}

/** A multipart text field holding JSON; a missing or unreadable one is a 400 naming the field. */
function jsonField(value: string | undefined): unknown {
  const message = `Please send the product as JSON in the '${NEW_PRODUCT_PARTS.fields}' field`;
  if (value === undefined) throw invalid(message, [{ path: NEW_PRODUCT_PARTS.fields, message }]);
  let parsed: unknown;
  try {
    parsed = JSON.parse(value) as unknown;
  } catch {
    throw invalid(message, [{ path: NEW_PRODUCT_PARTS.fields, message }]);
  }
  // Multipart fields skip the schema validator, and with it the check for text PostgreSQL cannot store.
  const bad = findUnstorableText(parsed);
  if (bad) {
    const path = [NEW_PRODUCT_PARTS.fields, ...bad].join('.');
    throw invalid(UNSTORABLE_TEXT_MSG, [{ path, message: UNSTORABLE_TEXT_MSG }]);
  }
  return parsed;
}

export default async function uploadsRoutes(app: App) {
  // Registered here, not for the whole app: only these routes take multipart bodies. Another module may
  // have registered it already for its own routes; one parser is enough.
  await acceptMultipart(app);

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
      const { fields, files } = await readImages(req, MAX_PRODUCT_IMAGES, async (name, value) => {
        if (name !== 'productId') return;
        await uploads.checkProductUploadTarget(ctx, value);
        checked = value;
      });
      const productId = fields.get('productId');
      if (!productId)
        throw invalid(uploads.UPLOAD_MSG.noProduct, [
          { path: 'productId', message: uploads.UPLOAD_MSG.noProduct },
        ]);
      if (checked !== productId) await uploads.checkProductUploadTarget(ctx, productId);
      return uploads.storeProductImages(ctx, productId, files);
    },
  );

  // The one request that creates a product with its images and discount (the catalog's use case,
  // docs/product/catalog.md#creating-and-editing-a-product): its multipart body is read here, with the
  // uploads' limits. The JSON field carries a description of up to 10,000 characters, hence 64 KB.
  app.post(
    '/products/with-images',
    {
      onRequest: requirePermission(canManageProducts),
      config: { rateLimit },
      schema: {
        tags: ['products'],
        summary:
          'Create a product with its images and discount in one request (multipart: product JSON, images); all or nothing',
        consumes: ['multipart/form-data'],
        response: { 201: productSchema, ...errors },
      },
    },
    async (req, reply) => {
      const ctx = signedIn(req);
      const { fields, files } = await readImages(req, MAX_PRODUCT_IMAGES, undefined, 64 * 1024);
      const body = newProductBody.parse(jsonField(fields.get(NEW_PRODUCT_PARTS.fields)));
      return reply.status(201).send(await createProductWithImages(ctx, body, files));
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
        const { files } = await readImages(req, 1);
        const path = await uploads.storeShopImage(ctx, kind, files[0] ?? null);
        // A JSON string: Fastify would send a bare string as text/plain.
        return reply.type('application/json; charset=utf-8').send(JSON.stringify(path));
      },
    );
  }

  // A return request's photos or video (docs/decisions/0112-returns-and-exchanges.md): any active
  // signed-in person (the request itself checks the order); up to 4 photos of 5 MB or one video of
  // 20 MB, 20 MB a request, in the `files` field.
  app.post(
    '/upload/returns',
    {
      onRequest: requireActive,
      config: { rateLimit },
      schema: {
        tags,
        summary:
          'Upload the photos (up to 4, 5 MB each) or the short video (one, 20 MB: MP4, WebM, QuickTime) of a return request',
        consumes: ['multipart/form-data'],
        response: { 200: returnMediaUploadSchema, ...errors },
      },
    },
    async (req) => {
      const ctx = signedIn(req);
      const { files } = await readMultipart(req, {
        limits: {
          fileBytes: MAX_RETURN_VIDEO_BYTES,
          files: RETURN_MAX_PHOTOS,
          fields: 2,
          fieldBytes: 1024,
          totalBytes: Math.min(MAX_RETURN_VIDEO_BYTES, MAX_UPLOAD_REQUEST_BYTES),
        },
        answers: {
          notMultipart: uploads.UPLOAD_MSG.notMultipart,
          fileTooLarge: uploads.RETURN_UPLOAD_MSG.videoTooLarge,
          requestTooLarge: uploads.UPLOAD_MSG.requestTooLarge,
          tooManyFiles: () =>
            invalid(RETURN_MSG.media, [{ path: RETURN_MEDIA_FIELD, message: RETURN_MSG.media }]),
          tooManyParts: () =>
            new AppError('too_large', 'Request is too large', { code: 'request_too_large' }),
        },
      });
      return uploads.storeReturnMedia(ctx, files);
    },
  );
}
