/**
 * Where the write path hands events for websocket clients. Two adapters: the embedded server in this process,
 * or any Pusher-compatible server (Laravel Reverb, Soketi, Pusher Channels) through its HTTP API.
 */
export interface Publisher {
  publish(channel: string, event: string, data: unknown): Promise<void>;
}

/** Keeps what was published, for tests that only need to see the write path's output. */
export class RecordingPublisher implements Publisher {
  readonly events: { channel: string; event: string; data: unknown }[] = [];

  async publish(channel: string, event: string, data: unknown): Promise<void> {
    this.events.push({ channel, event, data });
  }
}
