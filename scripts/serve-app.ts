// Serves one app's production build the way a static host would, plus /config.json from this
// process's environment: the shell's deploy-time configuration, which a remote's standalone page reads too.
// Usage: tsx scripts/serve-app.ts <shell|auth-remote|rooms-remote|chat-remote>

import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { dirname, extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RuntimeConfig } from '@chat/shared';
import { RUNTIME_CONFIG_PATH, runtimeConfigFromEnv } from '@chat/shared/config-from-env';
import { hasAccessTokenCookie, routes } from '@chat/shared/constants';
import { FEDERATION_CONTRACT_FILE, type FederationContract } from '@chat/shared/federation-contract';
import { directMessageId, joinedRoomId } from '@chat/shared/room-id';
import { CSP_NONCE_PLACEHOLDER, contentSecurityPolicy, securityHeaders } from '@chat/shared/security-headers';
import sirv from 'sirv';
import { CANARY_PATH } from '../shell/server/canary/canary-endpoint';
import { canaryFromEnv } from '../shell/server/canary/canary-from-env';
import { clientAddressResolver } from '../shell/server/client-address';
import { accessTokenOf, drawChatRoom, drawRoomList } from '../shell/server/first-screen/draw-first-screen';
import {
  SIGNED_IN_FRAME,
  styleAttributeHashes,
  withFirstScreen,
} from '../shell/server/first-screen/first-screen-page';
import { createFirstScreenRenderers } from '../shell/server/first-screen/first-screen-renderers';
import {
  SERVICE_WORKER_KILL_SWITCH,
  SERVICE_WORKER_PATH,
  serviceWorkerHeaders,
} from '../shell/server/service-worker-kill-switch';
import { createShellHealth } from '../shell/server/shell-health';
import { apps } from './apps';
import { deployRefusals, fetchContract } from './check-deploy';

const name = process.argv[2] ?? '';
const found = apps[name];
if (!found) {
  console.error(`Unknown app "${name}"; expected one of ${Object.keys(apps).join(', ')}`);
  process.exit(1);
}
const app = found;
// DIST_DIR serves another build of the app, e.g. the shell's monolith build (shell/dist-monolith).
const repository = join(dirname(fileURLToPath(import.meta.url)), '..');
const root = process.env.DIST_DIR ? resolve(process.env.DIST_DIR) : join(repository, name, 'dist');
if (!existsSync(join(root, 'index.html'))) {
  console.error(`${name} has no build in ${root}: run pnpm --filter @chat/${name} build`);
  process.exit(1);
}

const port = Number(process.env[app.portVariable] ?? app.port);
const assets = sirv(root, {
  etag: true,
  // Every text asset has a .br and a .gz made at build time: sirv picks by Accept-Encoding and sends Vary.
  brotli: true,
  gzip: true,
  setHeaders(res, pathname) {
    // Hashed assets never change; manifests and HTML must be re-read on every deploy.
    const immutable = pathname.startsWith('/static/');
    res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    if (pathname === SERVICE_WORKER_PATH)
      for (const [header, value] of Object.entries(serviceWorkerHeaders)) res.setHeader(header, value);
  },
});

const config = runtimeConfigFromEnv(process.env);
const runtimeConfig = JSON.stringify(config);

// The shell's page asks for these before its scripts run: its configuration, and the remotes' manifests
// that the configuration names (a deploy-time value, so a header rather than markup in the build). A
// monolith build (no manifest of its own) loads no remotes.
const federated = existsSync(join(root, 'mf-manifest.json'));
const earlyFetches = (remotes: RuntimeConfig['remotes'], withConfig = true) =>
  [...(withConfig ? [RUNTIME_CONFIG_PATH] : []), ...(federated ? Object.values(remotes) : [])]
    .map((url) => `<${url}>; rel=preload; as=fetch; crossorigin`)
    .join(', ');
// The shell's page reports each remote's health to its own origin (POST /beacon); Prometheus reads the
// series here (GET /metrics, loopback only). A monolith build loads no remotes and has nothing to report.
const health =
  app.kind === 'shell' && federated
    ? createShellHealth(config, root, fetch, clientAddressResolver(process.env))
    : null;
// A remote's canary (`pnpm canary`, POST/GET /canary from this machine): its share of browsers get the
// canary's manifest in /config.json and the page's preload and CSP; its judge reads the beacons above. A
// canary this shell cannot serve is refused by the deploy check, against this build's own contract.
const shellContract = () =>
  JSON.parse(readFileSync(join(root, FEDERATION_CONTRACT_FILE), 'utf8')) as FederationContract;
const canary = health
  ? await canaryFromEnv(process.env, {
      config,
      health,
      dataDir: join(repository, '.data', 'shell'),
      checkDeploy: async (manifest) => deployRefusals(shellContract(), await fetchContract(manifest)),
    })
  : null;

// A shell build without a service worker (a release from before it) still answers for one: the kill switch,
// so the browsers that installed a later release's worker drop it.
const killsServiceWorker = app.kind === 'shell' && !existsSync(join(root, SERVICE_WORKER_PATH));

// The page: a fresh CSP nonce per answer (antd's style elements carry it), never cached, never framed.
const page = readFileSync(join(root, 'index.html'), 'utf8');

/**
 * The shell's page paints the frame of the screen the visitor will see while its scripts load (the template's
 * app shell): the sign-in card on /auth/… and for a visitor without a session, whom every route sends there.
 */
function framed(html: string, pathname: string, cookies: string | undefined): string {
  const login =
    app.kind === 'shell' && (pathname.startsWith(routes.auth) || !hasAccessTokenCookie(cookies ?? ''));
  return login ? html.replace(SIGNED_IN_FRAME, '<div aria-hidden="true" data-screen="login">') : html;
}

// DRAW_FIRST_SCREEN=1: the shell's server draws the room list and a member's open room into the page, with the
// rooms and chat remotes' own server builds (shell/server/first-screen), so they paint before any script.
// Off, or on any static host, the page is the template's frame, as before.
const firstScreens =
  app.kind === 'shell' && process.env.DRAW_FIRST_SCREEN === '1' ? createFirstScreenRenderers() : null;

/** This request's screen drawn, or null: the option off, another page, no session, or no drawing ready. */
async function drawnScreen(req: IncomingMessage, url: URL, pageConfig: RuntimeConfig) {
  const token = accessTokenOf(req.headers.cookie);
  if (!firstScreens || url.pathname !== '/' || !token) return null;
  const roomId = joinedRoomId(url.searchParams);
  if (roomId !== null) {
    const renderer = firstScreens.ready(pageConfig.remotes.chat);
    return renderer && drawChatRoom({ token, roomId, config: pageConfig, renderer });
  }
  // A direct message (`?dm=`) is drawn by the browser; any other search on / is the room list.
  if (directMessageId(url.searchParams) !== null) return null;
  const renderer = firstScreens.ready(pageConfig.remotes.rooms);
  return renderer && drawRoomList({ token, config: pageConfig, renderer });
}

async function servePage(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  const nonce = randomBytes(16).toString('base64');
  // This browser's arms: the page preloads the manifests its /config.json will name.
  const assigned = canary?.assign(req);
  const pageConfig = assigned?.config ?? config;
  const drawn = await drawnScreen(req, url, pageConfig);
  const html = framed(page, url.pathname, req.headers.cookie);
  res.writeHead(200, {
    'Content-Type': 'text/html; charset=utf-8',
    // A drawn page holds this user's messages: never stored, by the browser or anything between.
    'Cache-Control': drawn ? 'private, no-store' : 'no-cache',
    'Content-Security-Policy': contentSecurityPolicy(
      pageConfig,
      nonce,
      assigned?.switchable,
      drawn ? styleAttributeHashes(drawn.markup) : [],
    ),
    // A drawn page carries its configuration: nothing asks for /config.json.
    ...(app.kind === 'shell' && { Link: earlyFetches(pageConfig.remotes, !drawn) }),
    ...((assigned || firstScreens) && { Vary: 'Cookie' }),
    ...(assigned?.setCookie && { 'Set-Cookie': assigned.setCookie }),
  });
  res.end((drawn ? withFirstScreen(html, drawn) : html).replaceAll(CSP_NONCE_PLACEHOLDER, nonce));
}
/** The SPA's routes and its index answer with the page; anything with another extension is a file. */
const isPage = (pathname: string) => ['', '.html'].includes(extname(pathname));

const server = createServer((req, res) => {
  for (const [name, value] of Object.entries(securityHeaders)) res.setHeader(name, value);
  if (app.kind === 'remote') {
    // The shell fetches manifests and chunks from another origin.
    res.setHeader('Access-Control-Allow-Origin', '*');
  }
  if (req.url?.split('?')[0] === RUNTIME_CONFIG_PATH) {
    const assigned = canary?.assign(req, false);
    res.writeHead(200, {
      'Content-Type': 'application/json',
      'Cache-Control': 'no-store',
      ...(assigned && { Vary: 'Cookie' }),
      ...(assigned?.setCookie && { 'Set-Cookie': assigned.setCookie }),
    });
    res.end(assigned ? JSON.stringify(assigned.config) : runtimeConfig);
    return;
  }
  const pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
  if (health?.handle(req, res, pathname)) return;
  if (canary && pathname === CANARY_PATH) {
    void canary.handle(req, res);
    return;
  }
  if (killsServiceWorker && pathname === SERVICE_WORKER_PATH) {
    res.writeHead(200, serviceWorkerHeaders);
    res.end(SERVICE_WORKER_KILL_SWITCH);
    return;
  }
  if (isPage(pathname) && (req.method === 'GET' || req.method === 'HEAD')) {
    void servePage(req, res, new URL(req.url ?? '/', 'http://localhost'));
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
    health?.stop();
    void canary?.stop();
    server.close(() => process.exit(0));
    server.closeAllConnections();
  });
}
