import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { PNG_1X1 } from '../testing/images';
import { ogPage, type PageServer, servePages } from '../testing/page-server';
import { parseAllowList } from './address-rules';
import { fetchLimited } from './fetch-limited';
import { fetchPreview } from './fetch-preview';
import { FetchRefused, type FetchRules, type RefusalReason } from './fetch-rules';
import type { Resolver } from './resolver';

const MiB = 1024 * 1024;

/** Names the tests make up, and where they lead: only the allow-listed loopback port is let through. */
const names: Record<string, string> = {
  'site.test': '127.0.0.1',
  'intranet.test': '10.0.0.5',
  'mapped.test': '::ffff:192.168.1.1',
  'metadata.test': '169.254.169.254',
};
const resolver: Resolver = async (hostname) => {
  const address = names[hostname];
  if (!address) throw new Error(`ENOTFOUND ${hostname}`);
  return [{ address, family: address.includes(':') ? 6 : 4 }];
};

async function refusal(promise: Promise<unknown>): Promise<RefusalReason> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(FetchRefused);
  return (error as FetchRefused).reason;
}

describe('the link preview fetcher', () => {
  let site: PageServer;
  let other: PageServer;
  let rules: FetchRules;

  beforeAll(async () => {
    other = await servePages({ '/': (response) => response.end(ogPage({ title: 'Elsewhere' })) });
    site = await servePages({
      '/page': (response) =>
        response
          .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'set-cookie': 'session=1' })
          .end(
            ogPage({
              title: 'Fish &amp; chips',
              description: 'A  fine\n dish',
              site: 'Site',
              image: '/image.png',
            }),
          ),
      '/plain': (response) =>
        response
          .writeHead(200, { 'content-type': 'text/html' })
          .end(
            '<html><head><title> Only a title </title><meta name="description" content="Plain"></head></html>',
          ),
      '/image.png': (response) => response.writeHead(200, { 'content-type': 'image/png' }).end(PNG_1X1),
      '/huge-image': (response) =>
        response
          .writeHead(200, { 'content-type': 'text/html' })
          .end(ogPage({ title: 'Huge image', image: '/huge.png' })),
      '/huge.png': (response) => {
        response.writeHead(200, { 'content-type': 'image/png' });
        response.end(Buffer.concat([PNG_1X1, Buffer.alloc(2 * MiB)]));
      },
      '/to-loopback': (response) => response.writeHead(302, { location: 'http://127.0.0.2/' }).end(),
      '/to-other-port': (response) =>
        response.writeHead(301, { location: `http://localhost:${other.port}/` }).end(),
      '/to-intranet': (response) => response.writeHead(307, { location: 'http://intranet.test/' }).end(),
      '/to-page': (response) => response.writeHead(302, { location: '/page' }).end(),
      '/loop': (response) => response.writeHead(302, { location: '/loop' }).end(),
      '/slow': (response) => {
        response.writeHead(200, { 'content-type': 'text/html' });
        response.write('<html><head><title>Slow');
        // …and nothing more: the fetch must give up on its own.
      },
      '/huge': (response) => {
        response.writeHead(200, { 'content-type': 'text/html' });
        response.write('<html><head>');
        const filler = Buffer.alloc(64 * 1024, ' ');
        // 4 MiB of head that never ends, written as fast as it is read.
        let left = 64;
        const more = () => {
          while (left > 0) {
            left--;
            if (!response.write(filler)) return void response.once('drain', more);
          }
          response.end('<title>Too late</title></head></html>');
        };
        more();
      },
      '/json': (response) => response.writeHead(200, { 'content-type': 'application/json' }).end('{}'),
    });
    rules = {
      resolver,
      allowList: parseAllowList(`127.0.0.1:${site.port}`),
      userAgent: 'TestProduct-LinkPreview/1.0',
      timeoutMs: 500,
      maxBytes: MiB,
      maxRedirects: 3,
    };
  });
  afterAll(async () => {
    await site.close();
    await other.close();
  });

  it('reads a page: Open Graph first, its image under the same rules, as the product, without cookies', async () => {
    const before = site.requests.length;
    const preview = await fetchPreview(site.url('/page', 'site.test'), rules);
    expect(preview).toMatchObject({
      title: 'Fish & chips',
      description: 'A fine dish',
      site_name: 'Site',
      image: { type: { mime: 'image/png' } },
    });
    expect(preview?.image?.bytes.equals(PNG_1X1)).toBe(true);
    const made = site.requests.slice(before);
    expect(made.map((request) => request.path)).toEqual(['/page', '/image.png']);
    for (const { headers } of made) {
      // Connected to the checked address, but asked for by name.
      expect(headers.host).toBe(`site.test:${site.port}`);
      expect(headers['user-agent']).toBe('TestProduct-LinkPreview/1.0');
      expect(headers.cookie).toBeUndefined();
      expect(headers.authorization).toBeUndefined();
    }
  });

  it('falls back to the plain title and description, and follows a redirect on the same site', async () => {
    expect(await fetchPreview(site.url('/plain'), rules)).toEqual({
      title: 'Only a title',
      description: 'Plain',
      site_name: null,
      image: null,
    });
    expect((await fetchPreview(site.url('/to-page'), rules))?.title).toBe('Fish & chips');
  });

  it('refuses a redirect to loopback, to another port and to a private name, and more than 3 redirects', async () => {
    expect(await refusal(fetchPreview(site.url('/to-loopback'), rules))).toBe('address');
    expect(await refusal(fetchPreview(site.url('/to-other-port'), rules))).toBe('port');
    expect(await refusal(fetchPreview(site.url('/to-intranet'), rules))).toBe('address');
    expect(await refusal(fetchPreview(site.url('/loop'), rules))).toBe('redirects');
    expect(other.requests).toHaveLength(0);
  });

  it('refuses a name resolving to a private, mapped or link-local address before connecting', async () => {
    for (const name of ['intranet.test', 'mapped.test', 'metadata.test']) {
      expect(await refusal(fetchPreview(`http://${name}/`, rules))).toBe('address');
    }
    expect(await refusal(fetchPreview('http://[::1]/', rules))).toBe('address');
    expect(await refusal(fetchPreview('http://[::ffff:7f00:1]/', rules))).toBe('address');
    expect(await refusal(fetchPreview('http://0x7f000001/', rules))).toBe('address');
    expect(await refusal(fetchPreview('http://nowhere.test/', rules))).toBe('unresolved');
  });

  it('refuses other schemes, other ports, and credentials in the URL', async () => {
    expect(await refusal(fetchPreview('ftp://site.test/', rules))).toBe('scheme');
    expect(await refusal(fetchPreview('http://site.test:8080/', rules))).toBe('port');
    expect(await refusal(fetchPreview(site.url('/page', 'user:secret@site.test'), rules))).toBe(
      'credentials',
    );
  });

  it('gives up on a slow body at the time limit', async () => {
    const started = performance.now();
    expect(await refusal(fetchPreview(site.url('/slow'), rules))).toBe('timeout');
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('reads at most 1 MiB of a huge body, and refuses an image past it', async () => {
    const aborted = site.aborted;
    const read = await fetchLimited(site.url('/huge'), rules, {
      accept: 'text/html',
      isWanted: () => true,
      whole: false,
    });
    expect(read.truncated).toBe(true);
    expect(read.body.length).toBe(MiB);
    expect(await fetchPreview(site.url('/huge'), rules)).toBeNull();
    expect((await fetchPreview(site.url('/huge-image'), rules))?.image).toBeNull();
    expect(site.aborted).toBeGreaterThan(aborted);
  });

  it('refuses an answer that is not HTML without reading it', async () => {
    expect(await refusal(fetchPreview(site.url('/json'), rules))).toBe('type');
  });
});
