import type { RuntimeConfig } from '../config/runtime-config';

/** A check that cannot answer within this long counts as "not yet". */
const PROBE_TIMEOUT_MS = 3_000;

/**
 * Whether anything answers HTTP at the websocket's address: any answer at all (Soketi's "OK", the embedded
 * server's 404), read as an opaque `no-cors` response so that no server needs CORS for it; only a network
 * error is a "no". (So an HTTP proxy that answers 502 for a server that is down reads as "yes": the attempt
 * it lets through fails, and `keepReconnecting` gives each further attempt of that outage twice the time.) While the server is down this fails at once (a
 * refused connection, or a proxy closing the connection it took), and it is not a websocket handshake, so it
 * does not count towards Chromium's throttling of a page's failed handshakes. The page's CSP allows it
 * (`connect-src` names the websocket's address with http(s) beside ws(s)).
 */
export function websocketReachable({ host, port, tls }: RuntimeConfig['websocket']): () => Promise<boolean> {
  const url = `${tls ? 'https' : 'http'}://${host}:${port}/`;
  return () =>
    fetch(url, {
      mode: 'no-cors',
      cache: 'no-store',
      credentials: 'omit',
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    }).then(
      () => true,
      () => false,
    );
}
