import type { ApiError } from '@chat/shared';

export const NO_CONNECTION = 'No connection to the server.';

/** What a failed send tells the user, and whether Retry can help. */
export function sendFailure(error: ApiError): { reason: string; retryable: boolean } {
  if (error.status === null) return { reason: NO_CONNECTION, retryable: true };
  const transient = error.status >= 500 || error.status === 408 || error.status === 429;
  return { reason: error.message, retryable: transient };
}
