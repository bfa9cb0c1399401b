import type { IncomingMessage } from 'node:http';

/**
 * The client's address: the socket's peer, or, behind `trustedHops`
 * proxies of one's own (nginx in the scaled topology: 1), the X-Forwarded-For entry the outermost of them
 * added, since anything before it is the client's to make up. As the API's numeric TRUST_PROXY.
 */
export function clientAddress(req: IncomingMessage, trustedHops: number): string {
  const forwarded = String(req.headers['x-forwarded-for'] ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const chain = [...forwarded, req.socket.remoteAddress ?? 'unknown'];
  return chain[Math.max(0, chain.length - 1 - trustedHops)] ?? 'unknown';
}

/** TRUST_PROXY of the shell's server: how many proxies of one's own stand in front of it (0: none; `true`: one). */
export const trustedProxyHops = (env: Record<string, string | undefined> = process.env) => {
  const value = (env.TRUST_PROXY ?? '').trim();
  if (value === 'true') return 1;
  const hops = Number(value);
  return Number.isInteger(hops) && hops > 0 ? hops : 0;
};

/**
 * The address a client is counted under (the beacons' rate limit, the canary's cap per address), from the
 * shell's server's environment.
 */
export function clientAddressResolver(env: Record<string, string | undefined> = process.env) {
  const hops = trustedProxyHops(env);
  return (req: IncomingMessage) => clientAddress(req, hops);
}
