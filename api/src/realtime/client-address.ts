import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import { fastifyTrustProxy, type TrustProxy } from '../http/trust-proxy';

/**
 * The client's address as the websocket limits count it: TRUST_PROXY read by the same rule and the same
 * resolver as the HTTP API's `request.ip`. Behind a proxy every socket would otherwise share the proxy's.
 */
export function clientAddressResolver(trustProxy: TrustProxy): (req: IncomingMessage) => string {
  const trust = fastifyTrustProxy(trustProxy);
  if (trust === false) return (req) => req.socket.remoteAddress ?? 'unknown';
  const isTrusted = typeof trust === 'function' ? trust : proxyAddr.compile(trust);
  return (req) => proxyAddr(req, isTrusted);
}
