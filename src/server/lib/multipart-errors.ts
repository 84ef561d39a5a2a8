import { invalid, type AppError } from './errors.ts';

export const MALFORMED_MULTIPART_MSG = 'The form data is malformed';

/**
 * busboy (inside @fastify/multipart) reports a malformed body (no boundary, a boundary over 256
 * characters, a body that ends before its closing boundary) with plain Errors: no code and no status,
 * which made them 500s. They are the client's mistake: 400. Matched by message, the only thing they carry.
 */
const MALFORMED =
  /^(Multipart: Boundary not found|Boundary required|Unexpected end of multipart data|.* terminated early due to unexpected end of multipart data|The needle cannot .*)$/;

export function malformedMultipart(err: unknown): AppError | null {
  if (!(err instanceof Error) || 'code' in err || 'statusCode' in err) return null;
  return MALFORMED.test(err.message) ? invalid(MALFORMED_MULTIPART_MSG) : null;
}
