/** Marks the stand-in module the fallback plugin gives for a remote that failed to load. */
export const LOAD_FAILED = Symbol.for('chat.remote-load-failed');

/** A remote that could not be fetched or evaluated; the slot's error boundary shows it with Retry. */
export class RemoteLoadError extends Error {
  constructor(
    readonly remoteId: string,
    cause: unknown,
  ) {
    super(`${remoteId} could not be loaded`, { cause });
    this.name = 'RemoteLoadError';
  }
}

/**
 * Whether the remote answered but has no such module: a build from before the module existed (the federation
 * runtime's RUNTIME-014, or the container's own "does not exist" when it throws first). Not a failure to show:
 * that release simply has no such part of the page.
 */
export function isNotExposed(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (/RUNTIME-014|does not exist in container/.test(cause.message)) return true;
  }
  return false;
}
