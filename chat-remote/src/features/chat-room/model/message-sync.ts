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
  /**
   * Loads older pages until message `id` is held, or the room's beginning is: true when it is held (a
   * reply's original far back). False when it no longer exists or a read failed.
   */
  loadUntil(id: number): Promise<boolean>;
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
    const held = store.getState().cursor;
    if (held === null) {
      const early = opening && (await opening);
      opening = undefined;
      const page = early ?? (await fetchPage({ limit: latestLimit }));
      store.setState((state) => latestReceived(state, page, latestLimit));
      return;
    }
    let cursor: number = held;
    for (;;) {
      // With versions, the same read also brings the held messages edited or reacted to since the change
      // cursor: a reader that missed a MessageUpdated or ReactionChanged catches up with the messages.
      const changedAfter = store.getState().changeCursor;
      const query: MessagesQuery =
        changedAfter === null
          ? { after_id: cursor, limit: pageLimit }
          : { after_id: cursor, limit: pageLimit, changed_after: changedAfter };
      const page = await fetchPage(query);
      const from: number = cursor;
      const fresh: Message[] = page.filter(({ id }) => id > from);
      const changesFull = changedAfter !== null && page.length - fresh.length >= pageLimit;
      store.setState((state) => newerReceived(state, page, changesFull));
      const newest: Message | undefined = fresh.at(-1);
      if (newest) cursor = newest.id;
      if (fresh.length < pageLimit && !changesFull) return;
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

  function loadOlder(): Promise<void> {
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
  }

  async function loadUntil(id: number): Promise<boolean> {
    for (;;) {
      const { messages, hasOlder, loadingOlder } = store.getState();
      if (messages.some((message) => message.id === id)) return true;
      const oldest = messages[0];
      if (!oldest || oldest.id < id || (!hasOlder && !loadingOlder)) return false;
      const before = messages.length;
      await loadOlder();
      const after = store.getState();
      // A failed read leaves the log as it was: stop rather than ask again forever.
      if (after.messages.length === before && after.hasOlder) return false;
    }
  }

  return {
    catchUp,
    loadUntil,
    receive(event) {
      const gap = deliveryNeedsRead(store.getState(), event);
      store.setState((state) => deliveredReceived(state, event));
      if (gap) void catchUp();
    },
    loadOlder,
  };
}
