import { backendOrigin, type RuntimeConfig } from './runtime-config';

/** Where the page finds its CSP nonce: the server writes a fresh one into each page it sends. */
export const CSP_NONCE_META = 'csp-nonce';
/** What a build leaves in the page for the server to replace. */
export const CSP_NONCE_PLACEHOLDER = '__CSP_NONCE__';

/** Headers every answer of a static server carries: no sniffing, no framing, no referrer leaking paths. */
export const securityHeaders: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
};

/**
 * The page's Content-Security-Policy, built from the same runtime configuration that tells the shell where
 * its remotes, API and websocket are, so moving a remote moves its permission with it. Scripts come only from
 * this origin and the remotes' (no inline script, no eval); antd writes its styles into <style> elements at
 * run time, which the per-response nonce admits (ConfigProvider's `csp`) instead of 'unsafe-inline'.
 */
export function contentSecurityPolicy(
  config: RuntimeConfig,
  nonce: string,
  /**
   * Other manifests the page may be switched to while it is open (both arms of a running canary): a tab
   * swaps a remote without reloading, so its policy, fixed at load, must already admit the other arm.
   */
  switchable: string[] = [],
  /**
   * The `style` attributes of markup the server drew (shell/server/first-screen), by hash: the only inline
   * style attributes the page admits. The app's own styles are set through the DOM, which the CSP allows.
   */
  styleAttributeHashes: string[] = [],
): string {
  const manifests = [...Object.values(config.remotes), ...switchable];
  const remotes = [...new Set(manifests.map((url) => new URL(url).origin))];
  const api = backendOrigin(config);
  const { host, port, tls } = config.websocket;
  const websocket = `${tls ? 'wss' : 'ws'}://${host}:${port}`;
  // The same address over HTTP: while the socket is down, the page asks it whether the server is back.
  const websocketProbe = `${tls ? 'https' : 'http'}://${host}:${port}`;
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...remotes],
    'style-src': ["'self'", `'nonce-${nonce}'`, ...remotes],
    ...(styleAttributeHashes.length > 0 && {
      'style-src-attr': ["'unsafe-hashes'", ...styleAttributeHashes.map((hash) => `'${hash}'`)],
    }),
    'img-src': ["'self'", 'data:', 'blob:', api],
    'connect-src': ["'self'", ...remotes, api, websocket, websocketProbe],
    'font-src': ["'self'", ...remotes],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/** The nonce the server gave this page, for antd's style elements; none outside a served page. */
export function pageCspNonce(): string | undefined {
  const nonce = document.querySelector<HTMLMetaElement>(`meta[name="${CSP_NONCE_META}"]`)?.content;
  return nonce && nonce !== CSP_NONCE_PLACEHOLDER ? nonce : undefined;
}
