// Serves one app's production build the way a static host would, plus /config.json from this
// process's environment: the shell's deploy-time configuration, which a remote's standalone page reads too.
// Usage: tsx scripts/serve-app.ts <shell|auth-remote|rooms-remote|chat-remote>

import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname, extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RUNTIME_CONFIG_PATH, runtimeConfigFromEnv } from '@chat/shared/config-from-env';
import sirv from 'sirv';
import { apps } from './apps';

const name = process.argv[2] ?? '';
const app = apps[name];
if (!app) {
  console.error(`Unknown app "${name}"; expected one of ${Object.keys(apps).join(', ')}`);
  process.exit(1);
}
// DIST_DIR serves another build of the app, e.g. the shell's monolith build (shell/dist-monolith).
const root = process.env.DIST_DIR
  ? resolve(process.env.DIST_DIR)
  : join(dirname(fileURLToPath(import.meta.url)), '..', name, 'dist');
if (!existsSync(join(root, 'index.html'))) {
  console.error(`${name} has no build in ${root}: run pnpm --filter @chat/${name} build`);
  process.exit(1);
}

const port = Number(process.env[app.portVariable] ?? app.port);
const assets = sirv(root, {
  single: true,
  etag: true,
  setHeaders(res, pathname) {
    // Hashed assets never change; manifests and HTML must be re-read on every deploy.
    const immutable = pathname.startsWith('/static/');
    res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    const page = ['', '.html'].includes(extname(pathname)); // the SPA fallback answers as `/`
    if (app.kind === 'shell' && page) res.setHeader('Link', earlyFetches);
  },
});

const config = runtimeConfigFromEnv(process.env);
const runtimeConfig = JSON.stringify(config);

// The shell's page asks for these before its scripts run: its configuration, and the remotes' manifests
// that the configuration names (a deploy-time value, so a header rather than markup in the build). A
// monolith build (no manifest of its own) loads no remotes.
const federated = existsSync(join(root, 'mf-manifest.json'));
const earlyFetches = [RUNTIME_CONFIG_PATH, ...(federated ? Object.values(config.remotes) : [])]
  .map((url) => `<${url}>; rel=preload; as=fetch; crossorigin`)
  .join(', ');

const server = createServer((req, res) => {
  if (app.kind === 'remote') {
    // The shell fetches manifests and chunks from another origin.
    res.setHeader('Access-Control-Allow-Origin', '*');
  }
  if (req.url?.split('?')[0] === RUNTIME_CONFIG_PATH) {
    res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
    res.end(runtimeConfig);
    return;
  }
  assets(req, res, () => {
    res.writeHead(404, { 'Content-Type': 'text/plain' });
    res.end('Not Found');
  });
});
server.listen(port, () => console.log(`${name} serving ${root} on http://localhost:${port}`));
// Static files need no draining: stop at once, including the browsers' keep-alive connections.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  });
}
