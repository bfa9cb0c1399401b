/** Pusher's limit on an event's name. */
const MAX_EVENT_NAME = 200;

/** Reverb's answer to a client event on a channel the socket is not on (Pusher's 4009, left open). */
const NOT_SUBSCRIBED = 4009;

/**
 * Why a client event (`client-*`, e.g. Echo's `whisper`) must not be relayed, as a Pusher error, or null when
 * it may. Only on private and presence channels, whose subscribers the API signed in, and only on one this
 * socket is subscribed to: a socket cannot talk into a room it was never admitted to.
 */
export function clientEventRefusal(
  event: string,
  channel: unknown,
  isSubscribed: (channel: string) => boolean,
): [code: number | null, message: string] | null {
  if (event.length > MAX_EVENT_NAME) {
    return [null, `Client event rejected - event name longer than ${MAX_EVENT_NAME} characters`];
  }
  const authorised =
    typeof channel === 'string' &&
    (channel.startsWith('presence-') ||
      (channel.startsWith('private-') && !channel.startsWith('private-encrypted-')));
  if (!authorised) return [null, 'Client event rejected - only supported on private and presence channels'];
  if (!isSubscribed(channel)) return [NOT_SUBSCRIBED, 'The client is not a member of the specified channel.'];
  return null;
}
