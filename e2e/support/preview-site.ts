import { createServer, type Server } from 'node:http';
import { png } from './png';

/**
 * A web page on loopback for the link-preview flow: the e2e API lets its port past the address rule
 * (`LINK_PREVIEW_ALLOW` in `apiEnv`), as an operator's allow-list would. Clear of the stack's ports (4000–4511).
 */
export const PREVIEW_SITE_PORT = 4590;
export const PREVIEW_SITE_ALLOW = `127.0.0.1:${PREVIEW_SITE_PORT},localhost:${PREVIEW_SITE_PORT}`;

export const previewPage = {
  title: 'Lighthouse keepers of the north',
  description: 'A field guide to the last manned lights.',
  siteName: 'Coastal Notes',
};

/** Serves `/article` (Open Graph tags, an image) until closed; counts the requests it answered. */
export async function startPreviewSite(): Promise<{
  url: string;
  requests: () => number;
  close: () => Promise<void>;
}> {
  let requests = 0;
  const image = png(64, 48, (x, y) => [20 + x * 3, 80 + y * 2, 160]);
  const server: Server = createServer((req, res) => {
    requests += 1;
    if (req.url === '/image.png') {
      res.writeHead(200, { 'Content-Type': 'image/png' }).end(image);
      return;
    }
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(`<!doctype html><html><head>
<meta property="og:title" content="${previewPage.title}">
<meta property="og:description" content="${previewPage.description}">
<meta property="og:site_name" content="${previewPage.siteName}">
<meta property="og:image" content="http://127.0.0.1:${PREVIEW_SITE_PORT}/image.png">
<title>ignored when og:title is there</title></head><body>text</body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(PREVIEW_SITE_PORT, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${PREVIEW_SITE_PORT}/article`,
    requests: () => requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
