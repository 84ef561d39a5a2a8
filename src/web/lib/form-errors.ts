import type { FieldValues, Path, UseFormSetError, UseFormSetFocus } from 'react-hook-form';
import { isApiError } from './api-client.ts';

/**
 * Put the server's field errors (`errors: [{path, message}]`) under the matching form fields, so a
 * message the server found (it re-checks everything) shows where the person will look for it, and focus
 * the first of those fields in the form's order, as the form's own checks do (WCAG 3.3.1).
 */
export function applyFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
): void {
  if (!isApiError(error)) return;
  const refused = new Set(error.errors.map((e) => e.path));
  const first = fields.find((f) => refused.has(f));
  for (const fieldError of error.errors) {
    if (fields.includes(fieldError.path)) {
      setError(
        fieldError.path as Path<T>,
        { type: 'server', message: fieldError.message },
        { shouldFocus: fieldError.path === first },
      );
    }
  }
}

/**
 * `applyFieldErrors`, then focus the first field (in the form's order) the server refused, as the form's
 * own checks do.
 */
export function showServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  setFocus: UseFormSetFocus<T>,
  fields: readonly string[],
): void {
  applyFieldErrors(error, setError, fields);
  if (!isApiError(error)) return;
  const paths = new Set(error.errors.map((e) => e.path));
  const first = fields.find((f) => paths.has(f));
  if (first) setFocus(first as Path<T>);
}
