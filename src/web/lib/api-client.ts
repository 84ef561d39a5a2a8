import { codeOfStatus, ERROR_CODES, isErrorCode, type ErrorCode, type FieldError } from '#shared/errors.ts';

/**
 * The one place the web app talks to the server. Same-origin requests with the session cookie, JSON in
 * and out; any non-2xx answer becomes an `ApiError` carrying the server's `message`, so every page can
 * show it in a red alert without knowing how it was produced, and its stable `code` (#shared/errors.ts),
 * which is what code branches on: never the message text, never the bare status.
 */

export type { FieldError };

/** No answer at all (offline, DNS, the server down): not one of the server's codes. */
export const NETWORK_ERROR = 'network_error';

export class ApiError extends Error {
  readonly status: number;
  readonly errors: FieldError[];
  readonly code: ErrorCode | typeof NETWORK_ERROR;

  constructor(
    status: number,
    message: string,
    errors: FieldError[] = [],
    code: ErrorCode | typeof NETWORK_ERROR = status === 0 ? NETWORK_ERROR : codeOfStatus(status),
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
    this.code = code;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/**
 * No answer, or the server's fault (5xx): trying again later may help, and the server's message says
 * nothing the person can act on. Anything else is an answer about the request itself.
 */
export const isServerFault = (error: unknown): boolean =>
  hasErrorCode(
    error,
    NETWORK_ERROR,
    ERROR_CODES.internal_error,
    ERROR_CODES.provider_down,
    ERROR_CODES.service_unavailable,
  );

/** Whether `error` is the server's answer with one of these codes. */
export function hasErrorCode(
  error: unknown,
  ...codes: readonly (ErrorCode | typeof NETWORK_ERROR)[]
): error is ApiError {
  return isApiError(error) && codes.includes(error.code);
}

/** The text to show a person for any thrown value. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong. Please try again.';
}

const NETWORK_MESSAGE = 'Could not reach the server. Please check your connection and try again.';

function fallbackMessage(status: number): string {
  if (status === 401) return 'Please sign in';
  if (status === 403) return 'You are not allowed to do that';
  if (status === 404) return 'Not found';
  if (status === 429) return 'Too many attempts, please try again later';
  if (status >= 500) return 'The server had a problem. Please try again.';
  return 'Something went wrong. Please try again.';
}

type Body = unknown;

/**
 * The fetch requests go through: the browser's own, or, while the server renders a page
 * (entry-server.tsx), one that asks the app in-process for the visitor who asked for the page.
 */
let fetchImpl: typeof fetch | null = null;

/** Server rendering only: route every request through `impl` (null: back to the global fetch). */
export function setApiFetch(impl: typeof fetch | null): void {
  fetchImpl = impl;
}

type RequestOptions = { signal?: AbortSignal | undefined; headers?: Record<string, string> };

async function request<T>(
  method: string,
  path: string,
  body?: Body,
  options: RequestOptions = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body; // the browser sets the multipart boundary itself
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await (fetchImpl ?? fetch)(path, {
      method,
      headers,
      body: payload,
      credentials: 'same-origin',
      signal: options.signal ?? null,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, NETWORK_MESSAGE);
  }

  const text = await response.text();
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = undefined; // an HTML error page from a proxy, for instance
    }
  }

  if (!response.ok) {
    const err = (data ?? {}) as { message?: unknown; errors?: unknown; code?: unknown };
    const message =
      typeof err.message === 'string' && err.message ? err.message : fallbackMessage(response.status);
    const errors = Array.isArray(err.errors)
      ? err.errors.filter(
          (e): e is FieldError =>
            typeof e === 'object' &&
            e !== null &&
            typeof e.path === 'string' &&
            typeof e.message === 'string',
        )
      : [];
    // A code this build does not know yet (a newer server) reads as its status's generic code.
    const code = isErrorCode(err.code) ? err.code : codeOfStatus(response.status);
    throw new ApiError(response.status, message, errors, code);
  }
  return data as T;
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: Body, options?: RequestOptions) => request<T>('POST', path, body, options),
  put: <T>(path: string, body?: Body, options?: RequestOptions) => request<T>('PUT', path, body, options),
  patch: <T>(path: string, body?: Body, options?: RequestOptions) => request<T>('PATCH', path, body, options),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, undefined, options),
};
