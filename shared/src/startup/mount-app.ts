import { pageCspNonce } from '../config/security-headers';
import { FALLBACK_ERROR_MESSAGE } from '../constants';
import { stampStyleNonce } from './stamp-style-nonce';

/**
 * Runs an app's start-up against the page's `#root`. Start-up fails before React can show anything (the
 * runtime configuration is fetched first), so the failure is written into the page as plain text: a
 * visitor sees what went wrong instead of a blank page.
 */
export function mountApp(start: (root: HTMLElement) => Promise<void>): void {
  const root = document.getElementById('root');
  if (!root) throw new Error('No #root element');
  stampStyleNonce(pageCspNonce());
  start(root).catch((error: unknown) => {
    console.error(error);
    root.textContent = `${FALLBACK_ERROR_MESSAGE} The app's configuration could not be loaded.`;
  });
}
