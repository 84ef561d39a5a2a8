import { z } from 'zod';
import { canEditMarkups, canManageProducts, isAdmin, type Actor } from '#shared/permissions.ts';
import { categoryMarkupSchema, markupBody, MARKUP_MSG, markupNameParams } from '#shared/schemas/category.ts';
import { errorSchema, idParams } from '#shared/schemas/common.ts';
import type { App } from '../../lib/types.ts';
import { requirePermission } from '../../plugins/auth.ts';
import * as markups from './markup.service.ts';
import { signedIn } from '../../plugins/context.ts';

/** Sellers see the markups they will be charged (the product form shows it); Admin sees and edits them. */
const canReadMarkups = (actor: Actor | null | undefined) => canManageProducts(actor) || isAdmin(actor);

/**
 * Category markups (docs/product/api.md). These static paths take precedence over the catalogue's `/category/:name`
 * in Fastify's router whatever the registration order, so the name route never swallows them; and
 * `/categories-markup/name/…` is static at its third segment, so it wins over `/categories-markup/:id`.
 */
export default async function markupRoutes(app: App) {
  const tags = ['categories'];
  const read = requirePermission(canReadMarkups);
  const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

  app.get(
    '/category/categories-markup',
    {
      onRequest: read,
      schema: {
        tags,
        summary: 'Every category markup',
        response: { 200: z.array(categoryMarkupSchema), ...errors },
      },
    },
    async (req) => markups.listMarkups(signedIn(req)),
  );

  app.get(
    '/category/categories-markup/name/:mainCategory',
    {
      onRequest: read,
      schema: {
        tags,
        summary: 'The markup of a top-level category, by name (case-insensitive)',
        params: markupNameParams,
        response: { 200: categoryMarkupSchema, ...errors },
      },
    },
    async (req) => markups.getMarkupByName(signedIn(req), req.params.mainCategory),
  );

  app.get(
    '/category/categories-markup/:id',
    {
      onRequest: read,
      schema: {
        tags,
        summary: 'One category markup',
        params: idParams(MARKUP_MSG.notFound),
        response: { 200: categoryMarkupSchema, ...errors },
      },
    },
    async (req) => markups.getMarkup(signedIn(req), req.params.id),
  );

  app.put(
    '/category/categories-markup/:id',
    {
      onRequest: requirePermission(canEditMarkups),
      schema: {
        tags,
        summary: 'Change a category markup, 0–100 % (Admin only); existing products keep theirs',
        params: idParams(MARKUP_MSG.notFound),
        body: markupBody,
        response: { 200: categoryMarkupSchema, ...errors },
      },
    },
    async (req) => markups.updateMarkup(signedIn(req), req.params.id, req.body.percentageMarkup),
  );
}
