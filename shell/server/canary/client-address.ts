import type { IncomingMessage } from 'node:http';

type Env = Record<string, string | undefined>;

/**
 * The address a client is counted under (the canary's cap per address, the beacons' rate limit). Behind a
 * balancer (TRUST_PROXY set, as the API reads it) it is X-Forwarded-For's last hop, the one the balancer
 * itself appended; the earlier hops are whatever the client wrote. Otherwise the socket's peer.
 */
export function clientAddressResolver(env: Env = process.env): (req: IncomingMessage) => string {
  const trust = (env.TRUST_PROXY ?? '').trim();
  const peer = (req: IncomingMessage) => req.socket.remoteAddress ?? 'unknown';
  if (trust === '' || trust === 'false' || trust === '0') return peer;
  return (req) => {
    const hops = String(req.headers['x-forwarded-for'] ?? '')
      .split(',')
      .map((hop) => hop.trim())
      .filter(Boolean);
    return hops.at(-1) ?? peer(req);
  };
}
