import { z } from 'zod';
import { ERROR_CODES, type ErrorCode } from '../errors.ts';

/** `_id` on the wire is a UUID string (docs/product/api.md#wire-conventions). */
export const idSchema = z.uuid({ message: 'Invalid id' });

/** The shape of an id PostgreSQL can look up (any 8-4-4-4-12 hex UUID): the one copy of the check. */
const UUID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string): boolean => UUID_SHAPE.test(value);

/** Marks the issue of a path id that cannot name anything: the error handler answers it 404, not 400. */
export const NOT_FOUND_ISSUE = { notFound: true } as const;

/**
 * A path id (`/:id`, `/:userId`, `/:product_id`): a UUID. Anything else cannot name a resource, so it is
 * answered like an unknown id, 404 with the resource's own message (`Product not found`), never 400.
 */
export const pathId = (notFoundMessage = 'Not found') =>
  z.string().refine(isUuid, { message: notFoundMessage, params: NOT_FOUND_ISSUE });

/** `/:id` params: a malformed id answers 404 with `notFoundMessage`. */
export const idParams = (notFoundMessage = 'Not found') => z.object({ id: pathId(notFoundMessage) });

/** Error body of every non-2xx answer: `ApiErrorBody` of src/shared/errors.ts, with its stable code. */
export const errorSchema = z.object({
  message: z.string(),
  code: z.enum(Object.values(ERROR_CODES) as [ErrorCode, ...ErrorCode[]]),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  /** For `illegal_transition`: the current state. */
  state: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorSchema>;

export const messageSchema = z.object({ message: z.string() });

export const pageQuery = z.object({
  pageNumber: z.coerce.number().int().min(1).max(100_000).default(1),
});

/** Money on the wire: a decimal number in major units (docs/product/api.md#wire-conventions). */
export const moneySchema = z.number().finite();

export const isoDate = z.iso.datetime({ offset: true });
