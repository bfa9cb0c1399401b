import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { LOAD_FAILED, RemoteLoadError } from './remote-load-error';

/**
 * Turns a failed remote load into a module whose component throws a RemoteLoadError at render,
 * so load failures and render failures reach the same error boundary and the same Retry.
 */
export default function fallbackPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'chat-fallback-plugin',
    errorLoadRemote({ id, error }) {
      console.warn(`[federation] ${id} failed to load`, error);
      const Unavailable = () => {
        throw new RemoteLoadError(id, error);
      };
      // Marked, so the shell's load report counts it as the failure it is (./remotes.ts).
      return { default: Unavailable, [LOAD_FAILED]: true };
    },
  };
}
