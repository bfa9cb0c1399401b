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
