import type { Message, MessagesQuery, RoomMessageSentEvent } from '@chat/shared';
import { errorText } from '../lib/error-text';
import type { ChatStore } from './chat-store';
import { aroundLoading, aroundNewerReceived, aroundOlderReceived, aroundReceived } from './state/around';
import {
  deliveredReceived,
  deliveryNeedsRead,
  firstPageFailed,
  latestReceived,
  newerReceived,
  olderLoading,
  olderReceived,
} from './state/log';
import { inAround, inLiveLog } from './state/selectors';

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
  /**
   * Loads older pages until the log reaches back to message `id` (a read position: the first unread message
   * is the next one), or the room's beginning. False when a read failed.
   */
  loadBackTo(id: number): Promise<boolean>;
  /**
   * Shows message `id`: true at once when the live log holds it; otherwise reads the page around it into the
   * around-window (the live log stays as it is). False when it no longer exists or the read failed.
   */
  openAround(id: number): Promise<boolean>;
  /** In the around-window: the page before its oldest message, once at a time. */
  loadWindowOlder(): Promise<void>;
  /** In the around-window: the page after its newest message; the window joins the live log when they meet. */
  loadWindowNewer(): Promise<void>;
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
      store.setState((state) => firstPageFailed(state, errorText(error, String(error))));
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
    store.setState((state) => olderLoading(state, true));
    older = fetchPage({ before_id: oldest.id, limit: pageLimit })
      .then(
        (page) => store.setState((state) => olderReceived(state, page, pageLimit)),
        () => store.setState((state) => olderLoading(state, false)),
      )
      .finally(() => {
        older = null;
      });
    return older;
  }

  async function loadUntil(id: number): Promise<boolean> {
    for (;;) {
      const state = store.getState();
      if (inLiveLog(state, id)) return true;
      const { messages, hasOlder, loadingOlder } = state;
      const oldest = messages[0];
      if (!oldest || oldest.id < id || (!hasOlder && !loadingOlder)) return false;
      const before = messages.length;
      await loadOlder();
      const after = store.getState();
      // A failed read leaves the log as it was: stop rather than ask again forever.
      if (after.messages.length === before && after.hasOlder) return false;
    }
  }

  async function loadBackTo(id: number): Promise<boolean> {
    for (;;) {
      const { messages, hasOlder, loadingOlder } = store.getState();
      const oldest = messages[0];
      if (!oldest || oldest.id <= id || (!hasOlder && !loadingOlder)) return true;
      const before = messages.length;
      await loadOlder();
      const after = store.getState();
      if (after.messages.length === before && after.hasOlder) return false;
    }
  }

  let aroundSerial = 0;
  async function openAround(id: number): Promise<boolean> {
    if (inLiveLog(store.getState(), id)) return true;
    const serial = ++aroundSerial;
    try {
      const page = await fetchPage({ around_id: id, limit: pageLimit });
      // A later jump wins over an earlier one still on its way.
      if (serial !== aroundSerial) return false;
      store.setState((state) => aroundReceived(state, id, page, pageLimit));
      const state = store.getState();
      return inLiveLog(state, id) || inAround(state, id);
    } catch {
      return false;
    }
  }

  let windowOlder: Promise<void> | null = null;
  function loadWindowOlder(): Promise<void> {
    const around = store.getState().around;
    const oldest = around?.messages[0];
    if (windowOlder || !around || !around.hasOlder || !oldest) return windowOlder ?? Promise.resolve();
    store.setState((state) => aroundLoading(state, true, true));
    windowOlder = fetchPage({ before_id: oldest.id, limit: pageLimit })
      .then(
        (page) =>
          store.setState((state) =>
            state.around?.targetId === around.targetId ? aroundOlderReceived(state, page, pageLimit) : state,
          ),
        () => store.setState((state) => aroundLoading(state, true, false)),
      )
      .finally(() => {
        windowOlder = null;
      });
    return windowOlder;
  }

  let windowNewer: Promise<void> | null = null;
  function loadWindowNewer(): Promise<void> {
    const around = store.getState().around;
    const newest = around?.messages.at(-1);
    if (windowNewer || !around || !around.hasNewer || !newest) return windowNewer ?? Promise.resolve();
    store.setState((state) => aroundLoading(state, false, true));
    windowNewer = fetchPage({ after_id: newest.id, limit: pageLimit })
      .then(
        (page) =>
          store.setState((state) =>
            state.around?.targetId === around.targetId ? aroundNewerReceived(state, page, pageLimit) : state,
          ),
        () => store.setState((state) => aroundLoading(state, false, false)),
      )
      .finally(() => {
        windowNewer = null;
      });
    return windowNewer;
  }

  return {
    catchUp,
    loadUntil,
    loadBackTo,
    openAround,
    loadWindowOlder,
    loadWindowNewer,
    receive(event) {
      const gap = deliveryNeedsRead(store.getState(), event);
      store.setState((state) => deliveredReceived(state, event));
      if (gap) void catchUp();
    },
    loadOlder,
  };
}
