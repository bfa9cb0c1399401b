import { lookup } from 'node:dns/promises';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/**
 * Turns a host name into its addresses. Injectable so that tests can make a name resolve to a private address
 * without a DNS server; the fetcher asks once per request and connects to the address it checked.
 */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const dnsResolver: Resolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((found) => ({
    address: found.address,
    family: found.family === 6 ? 6 : 4,
  }));
