import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from './api-client.ts';

/**
 * Put the server's field errors (`errors: [{path, message}]`) under the matching form fields, so a
 * message the server found (it re-checks everything) shows where the person will look for it.
 */
export function applyFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
): void {
  if (!isApiError(error)) return;
  for (const fieldError of error.errors) {
    if (fields.includes(fieldError.path)) {
      setError(fieldError.path as Path<T>, { type: 'server', message: fieldError.message });
    }
  }
}
