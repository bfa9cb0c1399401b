import type { Message, MessagesQuery, RoomMessageSentEvent } from '@chat/shared';
import {
  deliveredReceived,
  deliveryNeedsRead,
  latestReceived,
  newerReceived,
  olderReceived,
} from './chat-state';
import type { ChatStore } from './chat-store';

export interface MessageSyncOptions {
  fetchPage: (query: MessagesQuery) => Promise<Message[]>;
  store: ChatStore;
  /** Size of the opening page: small, so the room opens fast. */
  latestLimit: number;
  /** Size of catch-up and history pages. */
  pageLimit: number;
  /**
   * The opening page, already requested (alongside the join, to save a round trip). Used once if it
   * arrived; null (it failed, e.g. 403 before the join landed) fetches it again. Whatever is sent after it
   * is caught up by the cursor, as after any page.
   */
  openingPage?: Promise<Message[] | null>;
}

export interface MessageSync {
  /**
   * Loads the newest page the first time, then everything after the cursor, page by page until a short
   * page shows nothing is left. Calls made while one runs (events, reconnects, sends) coalesce into a
   * single further run, so a burst of events costs one request and none is missed.
   */
  catchUp(): Promise<void>;
  /**
   * Applies an event of the room's own channel: its message shows at once, without a read, and a catch-up
   * runs only when the event shows a gap (see `deliveryNeedsRead`).
   */
  receive(event: RoomMessageSentEvent): void;
  /** Loads the page before the oldest message held, once at a time. */
  loadOlder(): Promise<void>;
}

function describe(error: unknown): string {
  return error && typeof error === 'object' && 'message' in error && typeof error.message === 'string'
    ? error.message
    : String(error);
}

export function createMessageSync({
  fetchPage,
  store,
  latestLimit,
  pageLimit,
  openingPage,
}: MessageSyncOptions): MessageSync {
  let opening = openingPage;
  let running: Promise<void> | null = null;
  let again = false;
  let older: Promise<void> | null = null;

  async function fetchForward(): Promise<void> {
    let cursor = store.getState().cursor;
    if (cursor === null) {
      const early = opening && (await opening);
      opening = undefined;
      const page = early ?? (await fetchPage({ limit: latestLimit }));
      store.setState((state) => latestReceived(state, page, latestLimit));
      return;
    }
    for (;;) {
      const page = await fetchPage({ after_id: cursor, limit: pageLimit });
      store.setState((state) => newerReceived(state, page));
      const newest = page.at(-1);
      if (page.length < pageLimit || !newest) return;
      cursor = newest.id;
    }
  }

  async function run(): Promise<void> {
    try {
      do {
        again = false;
        await fetchForward();
      } while (again);
    } catch (error) {
      // Nothing is lost: the cursor did not move, so the next event or reconnect fetches the same range.
      if (store.getState().cursor === null) store.setState({ loadError: describe(error) });
    } finally {
      running = null;
    }
  }

  function catchUp(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = run();
    return running;
  }

  return {
    catchUp,
    receive(event) {
      const gap = deliveryNeedsRead(store.getState(), event);
      store.setState((state) => deliveredReceived(state, event));
      if (gap) void catchUp();
    },
    loadOlder() {
      const { messages, hasOlder } = store.getState();
      const oldest = messages[0];
      if (older || !hasOlder || !oldest) return older ?? Promise.resolve();
      store.setState({ loadingOlder: true });
      older = fetchPage({ before_id: oldest.id, limit: pageLimit })
        .then(
          (page) => store.setState((state) => olderReceived(state, page, pageLimit)),
          () => store.setState({ loadingOlder: false }),
        )
        .finally(() => {
          older = null;
        });
      return older;
    },
  };
}
