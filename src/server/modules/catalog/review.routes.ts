import type { FastifyRequest } from 'fastify';
import { errorSchema, idParams, messageSchema } from '#shared/schemas/common.ts';
import { MAX_IMAGE_BYTES, MAX_UPLOAD_REQUEST_BYTES } from '#shared/schemas/product-form.ts';
import { REVIEW_MSG, reviewBody } from '#shared/schemas/product.ts';
import {
  helpfulSchema,
  MAX_REVIEW_IMAGES,
  REVIEW_PARTS,
  REVIEW_WRITE_MSG,
  reviewEditBody,
  reviewHideBody,
  reviewItemSchema,
  reviewListQuery,
  reviewPageSchema,
  reviewParams,
} from '#shared/schemas/review.ts';
import { AppError, invalid } from '../../lib/errors.ts';
import { acceptMultipart, readMultipart } from '../../lib/multipart.ts';
import { findUnstorableText, UNSTORABLE_TEXT_MSG } from '../../lib/storable-text.ts';
import type { App } from '../../lib/types.ts';
import { requireActive, requireRole } from '../../plugins/auth.ts';
import { signedIn } from '../../plugins/context.ts';
import { PER_USER_LIMITS } from '../../plugins/per-user-limits.ts';
import * as service from './review.service.ts';

const productIdParams = idParams('Product not found');

const errors = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
};
const uploadErrors = { ...errors, 409: errorSchema, 413: errorSchema, 415: errorSchema };

/** The photos of a multipart review request, read before validation (see `readReviewParts`). */
const photosOf = new WeakMap<FastifyRequest, Buffer[]>();

/**
 * A review write may be JSON (SPEC) or multipart: the same JSON in the `review` field and up to 4 photos
 * as `images` files, with the product images' limits (5 MB a file). Read here, before validation, so the
 * route's one zod schema checks the JSON either way; the files wait in `photosOf` for the handler.
 */
async function readReviewParts(req: FastifyRequest): Promise<void> {
  if (!req.isMultipart()) return;
  const { fields, files } = await readMultipart(req, {
    limits: {
      fileBytes: MAX_IMAGE_BYTES,
      files: MAX_REVIEW_IMAGES,
      fields: 4,
      fieldBytes: 16 * 1024,
      totalBytes: Math.min(MAX_REVIEW_IMAGES * MAX_IMAGE_BYTES, MAX_UPLOAD_REQUEST_BYTES),
    },
    answers: {
      notMultipart: 'Please send the review as JSON or multipart/form-data',
      fileTooLarge: 'Each photo must be at most 5 MB',
      requestTooLarge: 'Photos sent together must be at most 20 MB',
      tooManyFiles: () =>
        invalid(REVIEW_WRITE_MSG.tooManyImages, [
          { path: REVIEW_PARTS.files, message: REVIEW_WRITE_MSG.tooManyImages },
        ]),
      tooManyParts: () => new AppError('too_large', 'Request is too large', { code: 'request_too_large' }),
    },
  });
  req.body = jsonField(fields.get(REVIEW_PARTS.fields));
  photosOf.set(req, files);
}

/** The `review` field's JSON; missing or unreadable is a 400 naming the field. */
function jsonField(value: string | undefined): unknown {
  const message = REVIEW_WRITE_MSG.badJson;
  if (value === undefined) throw invalid(message, [{ path: REVIEW_PARTS.fields, message }]);
  let parsed: unknown;
  try {
    parsed = JSON.parse(value) as unknown;
  } catch {
    throw invalid(message, [{ path: REVIEW_PARTS.fields, message }]);
  }
  // Multipart fields skip the app's check for text PostgreSQL cannot store (ADR 0013): done here.
  const bad = findUnstorableText(parsed);
  if (bad) {
    const path = [REVIEW_PARTS.fields, ...bad].join('.');
    throw invalid(UNSTORABLE_TEXT_MSG, [{ path, message: UNSTORABLE_TEXT_MSG }]);
  }
  return parsed;
}

/**
 * Reviews (docs/product/api.md Reviews; docs/decisions/0105-reviews.md): the paged list (public), writing
 * one (JSON or with photos), the author's edit and delete, helpful votes, Admin's hide and unhide.
 * Registered by catalog.routes.ts as a plugin of its own, so only these routes parse multipart here.
 */
export default async function reviewRoutes(app: App) {
  await acceptMultipart(app);
  const tags = ['products'];

  app.get(
    '/products/:id/reviews',
    {
      schema: {
        tags,
        summary:
          "A product's reviews, 10 a page, newest or most helpful first (Admin also sees hidden ones); `mine` is the caller's own",
        params: productIdParams,
        querystring: reviewListQuery,
        response: { 200: reviewPageSchema, 400: errorSchema, 404: errorSchema },
      },
    },
    async (req) => service.reviewsPage(req.ctx, req.params.id, req.query),
  );

  app.post(
    '/products/:id/reviews',
    {
      config: { rateLimit: PER_USER_LIMITS.review },
      // Before body validation, so a guest is asked to sign in rather than told the body is wrong.
      onRequest: requireActive,
      preValidation: readReviewParts,
      schema: {
        tags,
        summary:
          'Review a product (once per user): JSON, or multipart with the JSON in `review` and up to 4 `images`',
        consumes: ['application/json', 'multipart/form-data'],
        params: productIdParams,
        body: reviewBody,
        response: { 201: messageSchema, ...uploadErrors },
      },
    },
    async (req, reply) => {
      await service.addReview(signedIn(req), req.params.id, req.body, photosOf.get(req));
      return reply.status(201).send({ message: REVIEW_MSG.added });
    },
  );

  app.put(
    '/reviews/:id',
    {
      config: { rateLimit: PER_USER_LIMITS.review },
      onRequest: requireActive,
      preValidation: readReviewParts,
      schema: {
        tags,
        summary:
          'Edit your own review: rating, comment, `images` to keep; new photos as multipart `images` (4 in all)',
        consumes: ['application/json', 'multipart/form-data'],
        params: reviewParams,
        body: reviewEditBody,
        response: { 200: reviewItemSchema, ...uploadErrors },
      },
    },
    async (req) => service.editReview(signedIn(req), req.params.id, req.body, photosOf.get(req)),
  );

  app.delete(
    '/reviews/:id',
    {
      onRequest: requireActive,
      schema: {
        tags,
        summary: 'Delete your own review (its photos and votes go with it)',
        params: reviewParams,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (req) => {
      await service.deleteReview(signedIn(req), req.params.id);
      return { message: REVIEW_WRITE_MSG.deleted };
    },
  );

  for (const [method, on] of [
    ['POST', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/reviews/:id/helpful',
      onRequest: requireActive,
      schema: {
        tags,
        summary: on
          ? 'Mark a review helpful (once per person; not your own); answers the new count'
          : 'Take back your helpful vote; answers the new count',
        params: reviewParams,
        response: { 200: helpfulSchema, ...errors },
      },
      handler: async (req) => service.voteHelpful(signedIn(req), req.params.id, on),
    });
  }

  app.put(
    '/reviews/:id/hide',
    {
      onRequest: requireRole('Admin'),
      schema: {
        tags,
        summary: 'Hide a review from the storefront and the rating, with a reason (Admin)',
        params: reviewParams,
        body: reviewHideBody,
        response: { 200: reviewItemSchema, ...errors },
      },
    },
    async (req) => service.setHidden(signedIn(req), req.params.id, req.body.reason),
  );

  app.put(
    '/reviews/:id/unhide',
    {
      onRequest: requireRole('Admin'),
      schema: {
        tags,
        summary: 'Show a hidden review again (Admin)',
        params: reviewParams,
        response: { 200: reviewItemSchema, ...errors },
      },
    },
    async (req) => service.setHidden(signedIn(req), req.params.id, null),
  );
}
