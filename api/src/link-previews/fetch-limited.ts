import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import { isPublicAddress } from './address-rules';
import { FetchRefused, type FetchRules } from './fetch-rules';
import type { ResolvedAddress } from './resolver';

export interface FetchWanted {
  accept: string;
  /** Whether an answer of this `Content-Type` is worth reading; anything else is refused unread. */
  isWanted(contentType: string): boolean;
  /** An incomplete body is useless (an image): past `maxBytes` it is refused rather than cut. */
  whole: boolean;
  /** Sees each chunk as it arrives; true stops the reading there (a page's `</head>`). */
  onChunk?(chunk: Buffer): boolean;
}

export interface Fetched {
  /** Where the answer came from, after redirects: relative links in it resolve against this. */
  url: URL;
  body: Buffer;
  /** The body went on past `maxBytes` and only its start was read. */
  truncated: boolean;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const bare = (hostname: string) => hostname.replace(/^\[|\]$/g, '');
const portOf = (url: URL) => (url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80);

/**
 * The scheme, port and address rules for one URL: its name resolved once, the address the connection will be
 * made to, judged before any byte is sent. Only the operator's allow-list lets a private address or another
 * port through.
 */
async function checkedAddress(url: URL, rules: FetchRules): Promise<ResolvedAddress> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FetchRefused('scheme', url.protocol);
  if (url.username || url.password) throw new FetchRefused('credentials');
  const port = portOf(url);
  const standard = port === 80 || port === 443;
  if (!standard && !rules.allowList.hasPort(port)) throw new FetchRefused('port', String(port));
  const hostname = bare(url.hostname);
  const literal = isIP(hostname);
  const addresses = literal
    ? [{ address: hostname, family: literal as 4 | 6 }]
    : await rules.resolver(hostname).catch(() => []);
  const pinned = addresses[0];
  if (!pinned) throw new FetchRefused('unresolved', hostname);
  const publicAddress = isPublicAddress(pinned.address);
  if (!(standard && publicAddress) && !rules.allowList.permits({ hostname, address: pinned.address, port }))
    throw new FetchRefused(publicAddress ? 'port' : 'address', `${hostname} is ${pinned.address}`);
  return pinned;
}

/** One GET connected to `pinned` whatever the name resolves to now; TLS still checks the certificate's name. */
function requestOnce(
  url: URL,
  pinned: ResolvedAddress,
  rules: FetchRules,
  accept: string,
  signal: AbortSignal,
): Promise<http.IncomingMessage> {
  const lookup: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      {
        hostname: bare(url.hostname),
        port: portOf(url),
        path: `${url.pathname}${url.search}`,
        method: 'GET',
        // A fresh connection each time: a pooled one could have been made to another address.
        agent: false,
        lookup,
        signal,
        // No cookie, no Authorization: nothing of the API's or the user's goes to the site.
        headers: { 'user-agent': rules.userAgent, accept, 'accept-encoding': 'identity' },
      },
      resolve,
    );
    request.on('error', reject);
    request.end();
  });
}

async function readBody(
  response: http.IncomingMessage,
  rules: FetchRules,
  wanted: FetchWanted,
): Promise<{ body: Buffer; truncated: boolean }> {
  const declared = Number(response.headers['content-length']);
  if (wanted.whole && declared > rules.maxBytes) throw new FetchRefused('too_large', String(declared));
  const chunks: Buffer[] = [];
  let size = 0;
  let truncated = false;
  try {
    for await (const chunk of response as AsyncIterable<Buffer>) {
      const room = rules.maxBytes - size;
      if (chunk.length > room) {
        chunks.push(chunk.subarray(0, room));
        size = rules.maxBytes;
        truncated = true;
        if (room > 0) wanted.onChunk?.(chunk.subarray(0, room));
        break;
      }
      chunks.push(chunk);
      size += chunk.length;
      if (wanted.onChunk?.(chunk)) break;
    }
  } finally {
    response.destroy();
  }
  if (truncated && wanted.whole) throw new FetchRefused('too_large');
  return { body: Buffer.concat(chunks, size), truncated };
}

/**
 * A GET made on a user's behalf, under every rule of docs/api.md (Link previews): http(s) on ports 80 and
 * 443, each hop's name resolved once and its address checked and pinned, at most `maxRedirects` redirects,
 * `timeoutMs` for the whole (redirects and body), `maxBytes` read, no cookies or credentials.
 * Throws `FetchRefused`.
 */
export async function fetchLimited(
  target: string,
  rules: FetchRules,
  wanted: FetchWanted,
  stop?: AbortSignal,
): Promise<Fetched> {
  const deadline = AbortSignal.timeout(rules.timeoutMs);
  const signal = stop ? AbortSignal.any([deadline, stop]) : deadline;
  const aborted = new Promise<never>((_, reject) => {
    const refuse = () => reject(new FetchRefused('timeout'));
    if (signal.aborted) refuse();
    signal.addEventListener('abort', refuse, { once: true });
  });
  // Rejections of `aborted` are only ever read through the races below.
  aborted.catch(() => {});
  const attempt = async (): Promise<Fetched> => {
    let url: URL;
    try {
      url = new URL(target);
    } catch {
      throw new FetchRefused('scheme', 'not a URL');
    }
    for (let hop = 0; ; hop++) {
      const pinned = await checkedAddress(url, rules);
      const response = await requestOnce(url, pinned, rules, wanted.accept, signal);
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (REDIRECTS.has(status) && location) {
        response.destroy();
        if (hop >= rules.maxRedirects) throw new FetchRefused('redirects');
        url = new URL(location, url);
        continue;
      }
      if (status !== 200) {
        response.destroy();
        throw new FetchRefused('status', String(status));
      }
      const type = String(response.headers['content-type'] ?? '').toLowerCase();
      const encoding = String(response.headers['content-encoding'] ?? 'identity').toLowerCase();
      if (!wanted.isWanted(type) || encoding !== 'identity') {
        response.destroy();
        throw new FetchRefused('type', type || 'none');
      }
      return { url, ...(await readBody(response, rules, wanted)) };
    }
  };
  const running = attempt();
  // Past the deadline the attempt fails too (its request is aborted); that second failure is not news.
  running.catch(() => {});
  try {
    return await Promise.race([running, aborted]);
  } catch (error) {
    if (error instanceof FetchRefused) throw error;
    if (signal.aborted) throw new FetchRefused('timeout');
    throw new FetchRefused('network', error instanceof Error ? error.message : String(error));
  }
}
