/** Errors that the error handler turns into Laravel's JSON bodies; anything else becomes a 500 "Server Error". */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string[]>,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const unauthenticated = () => new HttpError(401, 'Unauthenticated.');
export const forbidden = (message = 'This action is unauthorized.') => new HttpError(403, message);
export const notFound = () => new HttpError(404, 'Not Found');
export const csrfMismatch = () => new HttpError(419, 'CSRF token mismatch.');
export const tooManyAttempts = (retryAfterSeconds?: number) =>
  new HttpError(
    429,
    'Too Many Attempts.',
    undefined,
    retryAfterSeconds === undefined ? {} : { 'retry-after': String(retryAfterSeconds) },
  );

/** Laravel's summary line: the first message, plus how many more there are. */
export function validationSummary(errors: Record<string, string[]>): string {
  const messages = Object.values(errors).flat();
  const more = messages.length - 1;
  if (more <= 0) return messages[0] ?? 'The given data was invalid.';
  return `${messages[0]} (and ${more} more error${more === 1 ? '' : 's'})`;
}

export const validationError = (errors: Record<string, string[]>) =>
  new HttpError(422, validationSummary(errors), errors);

/** A 422 that carries only a message, as the contract fixes for a full room. */
export const unprocessable = (message: string) => new HttpError(422, message);
