import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface PageServer {
  port: number;
  /** `http://<host>:<port><path>`. */
  url(path: string, host?: string): string;
  /** Every request received: its path and headers, in order. */
  requests: { path: string; headers: IncomingHttpHeaders }[];
  /** Connections whose answer was cut before it ended (the client stopped reading). */
  aborted: number;
  close(): Promise<void>;
}

/** A site on loopback for the link preview tests: each path answers as its handler says. */
export async function servePages(
  routes: Record<string, (response: ServerResponse) => void>,
): Promise<PageServer> {
  const requests: PageServer['requests'] = [];
  const state = { aborted: 0 };
  const server = createServer((request, response) => {
    requests.push({ path: request.url ?? '', headers: request.headers });
    response.on('close', () => {
      if (!response.writableFinished) state.aborted++;
    });
    const route = routes[request.url ?? ''];
    if (route) route(response);
    else response.writeHead(404).end('not here');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: (path, host = '127.0.0.1') => `http://${host}:${port}${path}`,
    requests,
    get aborted() {
      return state.aborted;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A page whose head carries Open Graph tags (and an image at `/image.png`, if given). */
export const ogPage = (meta: { title: string; description?: string; site?: string; image?: string }) =>
  `<!doctype html><html><head>
    <title>Plain title</title>
    <meta property="og:title" content="${meta.title}">
    ${meta.description ? `<meta property="og:description" content="${meta.description}">` : ''}
    ${meta.site ? `<meta property="og:site_name" content="${meta.site}">` : ''}
    ${meta.image ? `<meta property="og:image" content="${meta.image}">` : ''}
  </head><body><p>Body</p></body></html>`;
