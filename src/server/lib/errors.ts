/**
 * The one error type services throw. `kind` maps to an HTTP status in exactly one place (app.ts);
 * `code` is a stable name the UI may branch on; `errors` lists field problems for 400s.
 */
export type ErrorKind =
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'too_large'
  | 'unsupported_media'
  | 'rate_limited';

export const statusOf: Record<ErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unsupported_media: 415,
  rate_limited: 429,
};

export type FieldError = { path: string; message: string };

export class AppError extends Error {
  constructor(
    readonly kind: ErrorKind,
    message: string,
    readonly details: { code?: string; errors?: FieldError[] } = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (what = 'Not found') => new AppError('not_found', what);
export const forbidden = (message = 'You are not allowed to do that') => new AppError('forbidden', message);
export const unauthenticated = (message = 'Please sign in') => new AppError('unauthenticated', message);
export const conflict = (message: string, code?: string) => new AppError('conflict', message, { code });
export const invalid = (message: string, errors?: FieldError[]) =>
  new AppError('invalid', message, { errors });
