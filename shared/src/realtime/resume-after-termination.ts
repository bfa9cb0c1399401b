/** The part of pusher-js's connection manager (`pusher.connection`) this module listens to and restarts. */
export interface TerminableConnection {
  readonly state: string;
  bind(event: 'message', callback: (message: { event?: string }) => void): unknown;
  bind(event: 'error', callback: (error: { type?: string; data?: { code?: unknown } }) => void): unknown;
  bind(event: 'state_change', callback: (change: { previous: string; current: string }) => void): unknown;
  connect(): void;
}

/** Pusher's "connection unauthorized": what Soketi and Pusher close a socket with on `terminate_connections`. */
const TERMINATED = 4009;

/**
 * Connects again after the websocket server ended this page's signed-in connection, which it does when an
 * owner removes the user from a room (`POST /apps/{id}/users/{id}/terminate_connections`).
 *
 * Why: such a socket is closed with 4009, which pusher-js reads as "refused, do not retry" and so stays
 * disconnected, and every other room of the page would go silent. A 4009 on a connection that had signed in
 * can only be that termination (a refused sign-in or one never sent gets its 4009 before `signin_success`),
 * so connecting again cannot loop. On `connected` pusher-js signs in again and resubscribes every channel:
 * the room the user was removed from is refused by `/broadcasting/auth`, the others catch up as after any
 * reconnect.
 */
export function resumeAfterTermination(connection: TerminableConnection): void {
  let signedIn = false;
  let terminated = false;
  connection.bind('message', ({ event }) => {
    if (event === 'pusher:signin_success') signedIn = true;
  });
  connection.bind('error', (error) => {
    if (signedIn && error.type === 'PusherError' && error.data?.code === TERMINATED) terminated = true;
  });
  connection.bind('state_change', ({ current }) => {
    if (current === 'connected') return;
    signedIn = false;
    if (current !== 'disconnected' || !terminated) return;
    terminated = false;
    // After pusher-js's own disconnect() has run to its end: connecting from inside it would be undone.
    setTimeout(() => {
      if (connection.state === 'disconnected') connection.connect();
    }, 0);
  });
}
