import { ERROR_CODES, type ErrorCode, type FieldError } from '../../shared/errors.ts';

export type { ErrorCode, FieldError } from '../../shared/errors.ts';

/**
 * The one error type the server throws for expected outcomes. `kind` maps to an HTTP status in exactly
 * one place (`statusOf`, used by the error handler in app.ts); `code` is required, a stable name from
 * src/shared/errors.ts that clients branch on; `errors` lists field problems for 400s.
 */
export type ErrorKind =
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'too_large'
  | 'unsupported_media'
  | 'rate_limited'
  | 'bad_gateway';

export const statusOf: Record<ErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unsupported_media: 415,
  rate_limited: 429,
  bad_gateway: 502,
};

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly errors: FieldError[] | undefined;
  /** For `illegal_transition`: the current state, sent in the body. */
  readonly state: string | undefined;

  constructor(
    readonly kind: ErrorKind,
    message: string,
    details: { code: ErrorCode; errors?: FieldError[]; state?: string },
  ) {
    super(message);
    this.name = 'AppError';
    this.code = details.code;
    this.errors = details.errors;
    this.state = details.state;
  }
}

export const notFound = (what = 'Not found') =>
  new AppError('not_found', what, { code: ERROR_CODES.not_found });
export const forbidden = (
  message = 'You are not allowed to do that',
  code: ErrorCode = ERROR_CODES.forbidden,
) => new AppError('forbidden', message, { code });
export const unauthenticated = (message = 'Please sign in', code: ErrorCode = ERROR_CODES.unauthenticated) =>
  new AppError('unauthenticated', message, { code });
export const conflict = (message: string, code: ErrorCode = ERROR_CODES.conflict) =>
  new AppError('conflict', message, { code });
/** A move the state machine does not allow from `state` (docs/decisions/0109-shipments-per-seller.md). */
export const illegalTransition = (message: string, state: string) =>
  new AppError('conflict', message, { code: ERROR_CODES.illegal_transition, state });
export const invalid = (
  message: string,
  errors?: FieldError[],
  code: ErrorCode = ERROR_CODES.invalid_input,
) => new AppError('invalid', message, { code, errors });
export const tooLarge = (message: string, code: ErrorCode = ERROR_CODES.too_large) =>
  new AppError('too_large', message, { code });
export const unsupportedMedia = (message: string, code: ErrorCode = ERROR_CODES.unsupported_media) =>
  new AppError('unsupported_media', message, { code });
export const rateLimited = (message: string) =>
  new AppError('rate_limited', message, { code: ERROR_CODES.rate_limited });
