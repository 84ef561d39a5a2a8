import { z } from 'zod';
import { ERROR_CODES, type ErrorCode } from '../errors.ts';

/** `_id` on the wire is a UUID string (DECISIONS §3). */
export const idSchema = z.uuid({ message: 'Invalid id' });
export const idParams = z.object({ id: idSchema });

/** Error body of every non-2xx answer: `ApiErrorBody` of src/shared/errors.ts, with its stable code. */
export const errorSchema = z.object({
  message: z.string(),
  code: z.enum(Object.values(ERROR_CODES) as [ErrorCode, ...ErrorCode[]]),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof errorSchema>;

export const messageSchema = z.object({ message: z.string() });

export const pageQuery = z.object({
  pageNumber: z.coerce.number().int().min(1).max(100_000).default(1),
});

/** Money on the wire: a decimal number in major units (DECISIONS §3). */
export const moneySchema = z.number().finite();

export const isoDate = z.iso.datetime({ offset: true });
