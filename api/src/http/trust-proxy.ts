import { isIP } from 'node:net';
import { ConfigError } from '../env-schema';

/** Nothing trusted, a number of proxy hops, or the proxies' addresses and ranges. */
export type TrustProxy = false | number | string[];

/** Names proxy-addr (Fastify's resolver) knows for the private ranges. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const MAX_HOPS = 10;

function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: `false`, the number of proxies in front of the API (the client IP is read that many hops back
 * in X-Forwarded-For), or a comma list of the proxies' addresses and CIDR ranges. `true`, which trusted every
 * hop, is refused: any client could then name its own IP and dodge the throttles keyed on it. A hop count is
 * only safe when nothing reaches the API except through those proxies; the addresses hold in any case.
 */
export function parseTrustProxy(value: string): TrustProxy {
  const trimmed = value.trim();
  if (trimmed === '' || trimmed === 'false' || trimmed === '0') return false;
  if (trimmed === 'true') {
    throw new ConfigError(
      'TRUST_PROXY=true would trust every X-Forwarded-For hop, so clients could pick their IP: give the number ' +
        'of proxies in front of the API (e.g. 1) or their addresses / CIDR ranges.',
    );
  }
  if (/^\d+$/.test(trimmed)) {
    if (Number(trimmed) > MAX_HOPS) throw new ConfigError(`TRUST_PROXY: at most ${MAX_HOPS} proxy hops.`);
    return Number(trimmed);
  }
  const entries = trimmed
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const invalid = entries.filter((entry) => !isAddressOrRange(entry));
  if (invalid.length > 0) {
    throw new ConfigError(`TRUST_PROXY: not a hop count, IP address or CIDR range: ${invalid.join(', ')}`);
  }
  return entries;
}

/**
 * Fastify's form of it. Fastify 5 ignores a bare number (it cannot check the immediate peer), so the hop count
 * is spelled out as proxy-addr's trust function: the socket's peer and the next `hops - 1` entries are proxies.
 */
export function fastifyTrustProxy(
  trust: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}
