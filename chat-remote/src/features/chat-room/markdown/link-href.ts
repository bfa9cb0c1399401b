const ALLOWED = new Set(['http:', 'https:', 'mailto:']);

/**
 * The address a message's link may go to: only an absolute http, https or mailto URL, as the URL parser
 * reads it (so `JaVaScRiPt:`, entity-encoded or space-prefixed schemes are judged by what a browser would
 * follow). Anything else (javascript:, data:, vbscript:, relative paths) makes no link: null.
 */
export function linkHref(raw: string | null | undefined): string | null {
  if (!raw) return null;
  try {
    const url = new URL(raw);
    return ALLOWED.has(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}
