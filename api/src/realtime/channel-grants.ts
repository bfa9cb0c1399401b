/**
 * Which user the API signed each socket into a guarded channel for, so that access can be taken back: a
 * signature alone stays valid forever, a grant ends when the user leaves the room. Only sockets connected to
 * this server are kept, and only until they close, so an API caller cannot fill it with made-up socket ids.
 */
export class ChannelGrants {
  /** channel → socket id → user id */
  readonly #byChannel = new Map<string, Map<string, number>>();
  /**
   * socket id → its granted channels; present for every connected socket, with no set until its first grant:
   * most sockets are never granted one (the shared and the user's channels need none), and an empty Set is
   * about 150 bytes that each of thousands of sockets would keep.
   */
  readonly #bySocket = new Map<string, Set<string> | null>();

  constructor(private readonly guarded: (channel: string) => boolean) {}

  connected(socketId: string): void {
    this.#bySocket.set(socketId, null);
  }

  disconnected(socketId: string): void {
    for (const channel of this.#bySocket.get(socketId) ?? []) this.#remove(channel, socketId);
    this.#bySocket.delete(socketId);
  }

  grant(socketId: string, channel: string, userId: number): void {
    const channels = this.#bySocket.get(socketId);
    if (channels === undefined || !this.guarded(channel)) return;
    if (channels) channels.add(channel);
    else this.#bySocket.set(socketId, new Set([channel]));
    const sockets = this.#byChannel.get(channel) ?? new Map<string, number>();
    sockets.set(socketId, userId);
    this.#byChannel.set(channel, sockets);
  }

  /** Unguarded channels need only the signature; guarded ones also a grant not yet revoked. */
  admits(socketId: string, channel: string): boolean {
    return !this.guarded(channel) || this.#byChannel.get(channel)?.has(socketId) === true;
  }

  /** Ends a user's grants for a channel; answers the sockets that held one. */
  revoke(channel: string, userId: number): string[] {
    const revoked = [...(this.#byChannel.get(channel) ?? [])]
      .filter(([, holder]) => holder === userId)
      .map(([socketId]) => socketId);
    for (const socketId of revoked) {
      this.#remove(channel, socketId);
      this.#bySocket.get(socketId)?.delete(channel);
    }
    return revoked;
  }

  #remove(channel: string, socketId: string): void {
    const sockets = this.#byChannel.get(channel);
    sockets?.delete(socketId);
    if (sockets?.size === 0) this.#byChannel.delete(channel);
  }
}
