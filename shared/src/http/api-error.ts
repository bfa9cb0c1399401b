import { isAxiosError } from 'axios';
import { FALLBACK_ERROR_MESSAGE } from '../constants';
import type { ApiErrorBody } from '../schemas/errors';

/** What every failed call rejects with: Laravel's body when the server sent one, plus the status. */
export interface ApiError extends ApiErrorBody {
  status: number | null;
}

export function toApiError(error: unknown): ApiError {
  if (isAxiosError(error)) {
    const body: unknown = error.response?.data;
    const status = error.response?.status ?? null;
    if (body && typeof body === 'object' && typeof (body as ApiErrorBody).message === 'string') {
      return { ...(body as ApiErrorBody), status };
    }
    return { message: FALLBACK_ERROR_MESSAGE, status };
  }
  return { message: FALLBACK_ERROR_MESSAGE, status: null };
}

export function isApiError(value: unknown): value is ApiError {
  return typeof value === 'object' && value !== null && 'message' in value && 'status' in value;
}

/**
 * A 422's messages for the fields a form has, in the shape antd's `form.setFields` takes; messages for
 * other fields reach the user through the Error notification.
 */
export function fieldErrors<Field extends string>(
  error: unknown,
  fields: readonly Field[],
): { name: Field; errors: string[] }[] {
  if (!isApiError(error) || !error.errors) return [];
  const known = new Set<string>(fields);
  return Object.entries(error.errors)
    .filter((entry): entry is [Field, string[]] => known.has(entry[0]))
    .map(([name, errors]) => ({ name, errors }));
}
