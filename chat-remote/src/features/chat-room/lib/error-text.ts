/** What an error says (an ApiError's or an Error's message), or `fallback` when it says nothing readable. */
export function errorText(error: unknown, fallback: string): string {
  return error && typeof error === 'object' && 'message' in error && typeof error.message === 'string'
    ? error.message
    : fallback;
}
