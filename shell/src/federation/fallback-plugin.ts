import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { RemoteLoadError } from './remote-load-error';

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
      return { default: Unavailable };
    },
  };
}
