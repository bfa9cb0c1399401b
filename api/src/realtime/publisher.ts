/** One event for a websocket channel: `data` is serialised to JSON (a string is sent as it is). */
export interface PublishedEvent {
  channel: string;
  event: string;
  data: unknown;
}

/** Events one batch may hold: Pusher's limit on `POST /batch_events`, and Soketi's and Reverb's default. */
export const MAX_BATCH_EVENTS = 10;

/** What every adapter refuses before sending anything: a batch past `MAX_BATCH_EVENTS`. */
export function checkBatchSize(events: readonly PublishedEvent[]): void {
  if (events.length > MAX_BATCH_EVENTS)
    throw new RangeError(`A batch holds at most ${MAX_BATCH_EVENTS} events, not ${events.length}`);
}

/**
 * Where the write path hands events for websocket clients. Two adapters: the embedded server in this process,
 * or any Pusher-compatible server (Laravel Reverb, Soketi, Pusher Channels) through its HTTP API.
 */
export interface Publisher {
  publish(channel: string, event: string, data: unknown): Promise<void>;
  /**
   * Events that go out together (one change seen on several channels), in order, as one delivery: one
   * request to an external server (`POST /apps/{id}/batch_events`) instead of one per event. That server
   * checks the whole batch before it sends any of it, so a refusal usually means none was sent. At most
   * `MAX_BATCH_EVENTS`.
   */
  publishBatch(events: readonly PublishedEvent[]): Promise<void>;
  /**
   * Ends the websocket connections a user signed in on (Pusher's `terminate_connections`), so that what they
   * subscribe to next is authorised afresh: how an external server stops a removed member hearing the room.
   * The embedded server needs none of it (it drops the member's subscriptions itself) and does nothing.
   */
  disconnectUser(userId: number): Promise<void>;
}

/** Keeps what was published, for tests that only need to see the write path's output. */
export class RecordingPublisher implements Publisher {
  /** Every event, in the order published. */
  readonly events: PublishedEvent[] = [];
  /** What each call handed over: one event per `publish`, the whole batch per `publishBatch`. */
  readonly calls: PublishedEvent[][] = [];
  /** The users whose connections were ended, in order. */
  readonly disconnected: number[] = [];

  async publish(channel: string, event: string, data: unknown): Promise<void> {
    this.#record([{ channel, event, data }]);
  }

  async publishBatch(events: readonly PublishedEvent[]): Promise<void> {
    this.#record(events);
  }

  async disconnectUser(userId: number): Promise<void> {
    this.disconnected.push(userId);
  }

  #record(events: readonly PublishedEvent[]): void {
    checkBatchSize(events);
    this.calls.push([...events]);
    this.events.push(...events);
  }
}
