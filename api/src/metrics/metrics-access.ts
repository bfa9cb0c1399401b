import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import { forbidden, HttpError } from '../http/http-error';

const isLoopback = proxyAddr.compile('loopback');

/** Digests have one length whatever was sent, so the comparison takes the same time for every guess. */
const digest = (text: string) => createHash('sha256').update(text).digest();

export const METRICS_LOOPBACK_ONLY = 'Metrics are served to this machine only.';

/**
 * Who may read `GET /metrics`, or why not. With a token (METRICS_TOKEN) only `Authorization: Bearer <token>`,
 * from anywhere: `401` without it, `403` with another. Without one, only a client on this machine: the
 * socket's peer must be a loopback address (127.0.0.0/8, ::1, ::ffff:127.x) and no X-Forwarded-For entry may
 * name anything else, whatever TRUST_PROXY says. A balancer on this machine forwards every client from
 * loopback, so the peer alone would admit the whole internet; the forwarded chain must be local too.
 */
export function metricsAccessRefusal(request: IncomingMessage, token: string | undefined): HttpError | null {
  if (token !== undefined) {
    const match = /^Bearer (.+)$/.exec(request.headers.authorization ?? '');
    if (!match) return new HttpError(401, 'Unauthenticated.', undefined, { 'www-authenticate': 'Bearer' });
    return timingSafeEqual(digest(match[1] as string), digest(token)) ? null : forbidden();
  }
  // The socket's peer first, then every X-Forwarded-For entry, nearest first (an entry that is no address at
  // all is not loopback either).
  const chain = proxyAddr.all(request);
  return chain.every((address) => isLoopback(address, 0)) ? null : forbidden(METRICS_LOOPBACK_ONLY);
}
