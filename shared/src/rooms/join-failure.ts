const KEY = 'chat:join-failure';

/**
 * The spec reloads the page when a join fails; the reason must survive that reload so the
 * room list can still tell the user what happened.
 */
export function rememberJoinFailure(message: string): void {
  sessionStorage.setItem(KEY, message);
}

/** Returns the reason once, then forgets it. */
export function takeJoinFailure(): string | null {
  const message = sessionStorage.getItem(KEY);
  sessionStorage.removeItem(KEY);
  return message;
}
