import type { IncomingMessage } from 'node:http';
import { PusherErrorCode } from './pusher-connection';

const SUPPORTED_PROTOCOLS = new Set(['5', '6', '7']);

/** The Pusher error a new connection must be closed with, or null when it may stay. */
export function handshakeRefusal(
  req: IncomingMessage,
  path: { key: string; query: URLSearchParams },
  expected: { key: string; allowedOrigins: string[] },
): [code: number, message: string] | null {
  const protocol = path.query.get('protocol');
  const origin = req.headers.origin;
  if (path.key !== expected.key) {
    return [PusherErrorCode.applicationDoesNotExist, `Application ${path.key} does not exist`];
  }
  if (!protocol) return [PusherErrorCode.noProtocolVersion, 'No protocol version supplied'];
  if (!SUPPORTED_PROTOCOLS.has(protocol)) {
    return [PusherErrorCode.unsupportedProtocolVersion, 'Unsupported protocol version'];
  }
  // Browsers always send Origin; only listed front ends may open a socket. Servers and tests send none.
  if (origin && !expected.allowedOrigins.includes(origin)) {
    return [PusherErrorCode.connectionUnauthorized, 'Origin not allowed'];
  }
  return null;
}
