import ipaddr from 'ipaddr.js';

/**
 * Whether a server may be contacted at `address` on a user's behalf: only a global unicast address. Loopback,
 * private, link-local, multicast, carrier-grade NAT, unique-local, documentation and every other special range
 * are refused, and an IPv4 address written as IPv6 (`::ffff:127.0.0.1`) is judged as the IPv4 address it is.
 * The IPv6 ranges that embed an IPv4 address (NAT64, 6to4, Teredo) are refused too: they could lead anywhere.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

/** One operator-allowed host (a name, an address or a CIDR range), with the one other port it opens, if any. */
interface AllowedEntry {
  host: string | null;
  range: [ipaddr.IPv4 | ipaddr.IPv6, number] | null;
  port: number | null;
}

export interface AllowList {
  /** Whether `hostname` (as the URL names it), reached at `address` on `port`, is let past the address rule. */
  permits(target: { hostname: string; address: string; port: number }): boolean;
  /** Whether some entry opens `port` (other than 80 and 443), checked before the name is resolved. */
  hasPort(port: number): boolean;
}

const bare = (host: string) => host.toLowerCase().replace(/^\[|\]$/g, '');

function parseEntry(raw: string): AllowedEntry {
  // `host`, `host:port`, `1.2.3.4`, `10.0.0.0/8`, `[::1]:8080`, `fd00::/8`.
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(raw);
  const withPort = /^([^:/]+):(\d+)$/.exec(raw);
  const host = bracketed?.[1] ?? withPort?.[1] ?? raw;
  const port = bracketed?.[2] ?? withPort?.[2];
  const range = host.includes('/')
    ? ipaddr.parseCIDR(host)
    : ipaddr.isValid(host)
      ? ([ipaddr.process(host), ipaddr.process(host).kind() === 'ipv4' ? 32 : 128] as [
          ipaddr.IPv4 | ipaddr.IPv6,
          number,
        ])
      : null;
  return { host: range ? null : bare(host), range, port: port === undefined ? null : Number(port) };
}

/**
 * `LINK_PREVIEW_ALLOW`: comma-separated hosts, addresses or CIDR ranges, each optionally with a port (without
 * one, 80 and 443 only). Throws on a malformed range, so a typo stops the start-up rather than a preview.
 */
export function parseAllowList(spec: string): AllowList {
  const entries = spec
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map(parseEntry);
  const portFits = (entry: AllowedEntry, port: number) =>
    entry.port === null ? port === 80 || port === 443 : entry.port === port;
  const inRange = (entry: AllowedEntry, address: string) => {
    if (!entry.range || !ipaddr.isValid(address)) return false;
    const parsed = ipaddr.process(address);
    return parsed.kind() === entry.range[0].kind() && parsed.match(entry.range);
  };
  return {
    permits: ({ hostname, address, port }) =>
      entries.some(
        (entry) => portFits(entry, port) && (entry.host === bare(hostname) || inRange(entry, address)),
      ),
    hasPort: (port) => entries.some((entry) => entry.port === port),
  };
}
