import {
  categoryIdQuery,
  categoryIdSchema,
  categoryIdsSchema,
  categoryNameParams,
  categoryNameQuery,
  categoryNamesSchema,
  categoryRecordSchema,
  hsnTaxSchema,
  levelParams,
} from '#shared/schemas/category.ts';
import { errorSchema, pathId } from '#shared/schemas/common.ts';
import { z } from 'zod';
import type { App } from '../../lib/types.ts';
import * as categoryService from './category.service.ts';
import { categoriesTags } from '../../plugins/catalog-cache-tags.ts';

const categoryIdParams = z.object({ categoryId: pathId('Category not found') });

/**
 * Category lookups (docs/product/api.md). Static paths (/firstlevel, /getcategoryid, and the markup routes under
 * /category/categories-markup registered elsewhere) take precedence over `/category/:name` in Fastify's
 * router whatever the registration order, so the catch-all name route cannot shadow them.
 */
export default async function categoryRoutes(app: App) {
  const tags = ['categories'];
  const names = { 200: categoryNamesSchema };

  app.get(
    '/category/getcategories/:categoryId',
    {
      config: { catalogCache: categoriesTags },
      schema: {
        tags,
        summary: 'The category record of an id (a one-item list)',
        params: categoryIdParams,
        response: { 200: z.array(categoryRecordSchema), 404: errorSchema },
      },
    },
    async (req) => categoryService.categoryRecords(req.ctx, req.params.categoryId),
  );

  app.get(
    '/category/hsn-tax/:categoryId',
    {
      config: { catalogCache: categoriesTags },
      schema: {
        tags,
        summary: 'HSN code and GST rate of a category',
        params: categoryIdParams,
        response: { 200: hsnTaxSchema, 404: errorSchema },
      },
    },
    async (req) => categoryService.hsnTax(req.ctx, req.params.categoryId),
  );

  app.get(
    '/category/firstlevel',
    { config: { catalogCache: categoriesTags }, schema: { tags, summary: 'Level 1 names', response: names } },
    async (req) => categoryService.levels.first(req.ctx),
  );

  // Parameters name the parent level, then the grandparent (see `levels` in category.service.ts).
  app.get(
    '/category/secondlevel/:first',
    {
      config: { catalogCache: categoriesTags },
      schema: {
        tags,
        summary: 'Level 2 names under a level 1 name',
        params: levelParams.second,
        response: names,
      },
    },
    async (req) => categoryService.levels.second(req.ctx, req.params),
  );

  app.get(
    '/category/thirdlevel/:second/:first',
    {
      config: { catalogCache: categoriesTags },
      schema: {
        tags,
        summary: 'Level 3 names under a level 2 name (then its level 1 name)',
        params: levelParams.third,
        response: names,
      },
    },
    async (req) => categoryService.levels.third(req.ctx, req.params),
  );

  app.get(
    '/category/fourthlevel/:third/:second',
    {
      config: { catalogCache: categoriesTags },
      schema: {
        tags,
        summary: 'Level 4 names under a level 3 name (then its level 2 name)',
        params: levelParams.fourth,
        response: names,
      },
    },
    async (req) => categoryService.levels.fourth(req.ctx, req.params),
  );

  app.get(
    '/category/fifthlevel/:fourth/:third',
    {
      config: { catalogCache: categoriesTags },
      schema: {
        tags,
        summary: 'Level 5 names under a level 4 name (then its level 3 name)',
        params: levelParams.fifth,
        response: names,
      },
    },
    async (req) => categoryService.levels.fifth(req.ctx, req.params),
  );

  // docs/product/api.md writes the path with a trailing slash; both spellings answer.
  for (const url of ['/category/getcategoryid', '/category/getcategoryid/']) {
    app.get(
      url,
      {
        config: { catalogCache: categoriesTags },
        schema: {
          tags,
          summary: 'The id of the category with exactly these levels',
          querystring: categoryIdQuery,
          response: { 200: categoryIdSchema, 404: errorSchema },
        },
      },
      async (req) => categoryService.categoryIdOf(req.ctx, req.query),
    );
  }

  app.get(
    '/category/:name',
    {
      config: { catalogCache: categoriesTags },
      schema: {
        tags,
        summary:
          'Ids of every category with a level of this name (dashes read as spaces); with `parents`, only at that path',
        params: categoryNameParams,
        querystring: categoryNameQuery,
        response: { 200: categoryIdsSchema },
      },
    },
    async (req) => categoryService.categoryIdsNamed(req.ctx, req.params.name, req.query.parents),
  );
}
