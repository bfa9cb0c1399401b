import type { Message, MessagesQuery, RoomMessageSentEvent } from '@chat/shared';
import { describe, expect, it } from '@rstest/core';
import fc from 'fast-check';
import { aMessage } from '../../../testing/messages';
import { createChatStore } from './chat-store';
import { createMessageSync } from './message-sync';
import { newOutgoing } from './outgoing';
import { queued } from './state/outbox';

/** The API's paging over an in-memory room, recording each query. */
function fakeRoom(count: number) {
  const messages: Message[] = Array.from({ length: count }, (_, i) => aMessage(i + 1));
  const queries: MessagesQuery[] = [];
  let failNext = false;
  const fetchPage = async (query: MessagesQuery): Promise<Message[]> => {
    queries.push(query);
    await Promise.resolve();
    if (failNext) {
      failNext = false;
      throw { message: 'Something went wrong!', status: null };
    }
    const limit = query.limit ?? 50;
    if (query.after_id !== undefined)
      return messages.filter((m) => m.id > (query.after_id ?? 0)).slice(0, limit);
    const before = query.before_id ?? Number.POSITIVE_INFINITY;
    return messages.filter((m) => m.id < before).slice(-limit);
  };
  return {
    messages,
    queries,
    fetchPage,
    post: () => messages.push(aMessage(messages.length + 1)),
    /** What the room's channel carries for message `id`: the message and the id before it. */
    eventFor: (id: number, withMessage = true): RoomMessageSentEvent => ({
      room_id: 1,
      message_id: id,
      previous_id: id > 1 ? id - 1 : null,
      message: withMessage ? (messages[id - 1] ?? null) : null,
    }),
    failOnce: () => {
      failNext = true;
    },
  };
}

function setUp(count: number, latestLimit = 5, pageLimit = 10) {
  const room = fakeRoom(count);
  const store = createChatStore();
  const sync = createMessageSync({ fetchPage: room.fetchPage, store, latestLimit, pageLimit });
  const heldIds = () => store.getState().messages.map((m) => m.id);
  return { room, store, sync, heldIds };
}

describe('message sync', () => {
  it('opens on a page requested beforehand, then catches up what came after it from its cursor', async () => {
    const room = fakeRoom(12);
    const store = createChatStore();
    const openingPage = room.fetchPage({ limit: 5 });
    await openingPage;
    room.post(); // sent after the early page was read
    const sync = createMessageSync({
      fetchPage: room.fetchPage,
      store,
      latestLimit: 5,
      pageLimit: 10,
      openingPage,
    });
    await sync.catchUp();
    expect(store.getState().messages.map((m) => m.id)).toEqual([8, 9, 10, 11, 12]);
    expect(room.queries).toHaveLength(1);
    await sync.catchUp();
    expect(room.queries.at(-1)).toEqual({ after_id: 12, limit: 10 });
    expect(store.getState().messages.map((m) => m.id)).toEqual([8, 9, 10, 11, 12, 13]);
  });

  it('fetches the opening page itself when the early request failed', async () => {
    const room = fakeRoom(12);
    const store = createChatStore();
    const sync = createMessageSync({
      fetchPage: room.fetchPage,
      store,
      latestLimit: 5,
      pageLimit: 10,
      openingPage: Promise.resolve(null),
    });
    await sync.catchUp();
    expect(room.queries).toEqual([{ limit: 5 }]);
    expect(store.getState().messages.map((m) => m.id)).toEqual([8, 9, 10, 11, 12]);
  });

  it('opens on the newest page, then fetches only what follows the cursor, page by page', async () => {
    const { room, sync, heldIds, store } = setUp(12);
    await sync.catchUp();
    expect(heldIds()).toEqual([8, 9, 10, 11, 12]);
    expect(store.getState().hasOlder).toBe(true);
    for (let i = 0; i < 23; i++) room.post();
    await sync.catchUp();
    expect(room.queries.slice(1)).toEqual([
      { after_id: 12, limit: 10 },
      { after_id: 22, limit: 10 },
      { after_id: 32, limit: 10 },
    ]);
    expect(heldIds()).toEqual(Array.from({ length: 28 }, (_, i) => i + 8));
  });

  it('coalesces a burst of triggers into one further run', async () => {
    const { room, sync } = setUp(3);
    await sync.catchUp();
    room.post();
    const runs = [sync.catchUp(), sync.catchUp(), sync.catchUp(), sync.catchUp()];
    await Promise.all(runs);
    expect(room.queries).toHaveLength(3);
  });

  it('keeps the cursor when a catch-up fails, so the next one fetches the same range', async () => {
    const { room, sync, heldIds } = setUp(3);
    await sync.catchUp();
    room.post();
    room.failOnce();
    await sync.catchUp();
    expect(heldIds()).toEqual([1, 2, 3]);
    await sync.catchUp();
    expect(heldIds()).toEqual([1, 2, 3, 4]);
  });

  it('records why the first page failed, and recovers on the next try', async () => {
    const { room, sync, store } = setUp(3);
    room.failOnce();
    await sync.catchUp();
    expect(store.getState()).toMatchObject({ cursor: null, loadError: 'Something went wrong!' });
    await sync.catchUp();
    expect(store.getState()).toMatchObject({ cursor: 3, loadError: null });
  });

  it('loads older pages with before_id, one at a time, until the first message', async () => {
    const { room, sync, heldIds, store } = setUp(18, 5, 10);
    await sync.catchUp();
    await Promise.all([sync.loadOlder(), sync.loadOlder()]);
    expect(room.queries.at(-1)).toEqual({ before_id: 14, limit: 10 });
    expect(room.queries).toHaveLength(2);
    expect(heldIds()[0]).toBe(4);
    await sync.loadOlder();
    expect(heldIds()).toEqual(Array.from({ length: 18 }, (_, i) => i + 1));
    expect(store.getState().hasOlder).toBe(false);
    await sync.loadOlder();
    expect(room.queries).toHaveLength(3);
  });

  it('ends up holding every message exactly once, whatever the interleaving of posts and triggers', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 30 }),
        fc.array(fc.constantFrom('post', 'trigger', 'await'), { maxLength: 60 }),
        async (initial, steps) => {
          const { room, sync, heldIds } = setUp(initial, 5, 4);
          const pending: Promise<void>[] = [sync.catchUp()];
          for (const step of steps) {
            if (step === 'post') room.post();
            else if (step === 'trigger') pending.push(sync.catchUp());
            else await Promise.all(pending.splice(0));
          }
          await Promise.all(pending);
          // The last event (for the last post) always triggers a catch-up.
          await sync.catchUp();
          // From the opening page on, every id and each once (the opening page may already include early posts).
          const first = heldIds()[0] ?? 1;
          expect(heldIds()).toEqual(room.messages.map((m) => m.id).filter((id) => id >= first));
        },
      ),
    );
  });
});

describe('message sync, with the message in its event', () => {
  /** The reads an event starts run on their own; the fake room answers within one task. */
  const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

  /** Opened on the newest page, then every read after it recorded. */
  async function opened(count: number) {
    const setup = setUp(count);
    await setup.sync.catchUp();
    const reads = () => setup.room.queries.slice(1);
    return { ...setup, reads };
  }

  it('applies events that follow the cursor without a read, and moves the cursor onto them', async () => {
    const { room, sync, store, heldIds, reads } = await opened(3);
    for (const id of [4, 5, 6]) {
      room.post();
      sync.receive(room.eventFor(id));
    }
    expect(heldIds()).toEqual([1, 2, 3, 4, 5, 6]);
    expect(store.getState().cursor).toBe(6);
    expect(reads()).toEqual([]);
  });

  it('starts an empty room from cursor 0: the first message (previous_id null) follows it', async () => {
    const { room, sync, store, reads } = await opened(0);
    expect(store.getState().cursor).toBe(0);
    room.post();
    sync.receive(room.eventFor(1));
    expect(store.getState().cursor).toBe(1);
    expect(reads()).toEqual([]);
  });

  it('shows a message that follows one it missed at once, and reads once from the cursor to fill the gap', async () => {
    const { room, sync, store, heldIds, reads } = await opened(3);
    room.post(); // 4: its event is lost
    room.post();
    sync.receive(room.eventFor(5));
    expect(heldIds()).toEqual([1, 2, 3, 5]);
    expect(store.getState().cursor).toBe(3);
    await settled();
    expect(reads()).toEqual([{ after_id: 3, limit: 10 }]);
    expect(heldIds()).toEqual([1, 2, 3, 4, 5]);
    expect(store.getState().cursor).toBe(5);

    room.post();
    sync.receive(room.eventFor(6));
    expect(reads()).toHaveLength(1);
    expect(store.getState().cursor).toBe(6);
  });

  it('reads when the event came without its message (too large for one event)', async () => {
    const { room, sync, heldIds, reads } = await opened(3);
    room.post();
    sync.receive(room.eventFor(4, false));
    await settled();
    expect(reads()).toEqual([{ after_id: 3, limit: 10 }]);
    expect(heldIds()).toEqual([1, 2, 3, 4]);
  });

  it('reads nothing for an event it already holds', async () => {
    const { room, sync, store, reads } = await opened(3);
    sync.receive(room.eventFor(3));
    sync.receive(room.eventFor(2, false));
    await settled();
    expect(reads()).toEqual([]);
    expect(store.getState().cursor).toBe(3);
  });

  it('shows an event that arrives before the first page, and leaves the judging to the read after it', async () => {
    const { room, sync, heldIds } = setUp(3);
    room.post();
    sync.receive(room.eventFor(4));
    await settled();
    expect(room.queries).toEqual([]);
    expect(heldIds()).toEqual([4]);
  });

  it("takes a send's own event as the server's copy of the pending message: no read, shown once", async () => {
    const { room, sync, store, reads } = await opened(2);
    const entry = newOutgoing({ content: 'mine', file: null });
    store.setState((state) => queued(state, entry));
    room.messages.push(aMessage(3, { content: 'mine', client_msg_id: entry.clientMsgId }));
    sync.receive(room.eventFor(3));
    expect(store.getState().outbox).toEqual([]);
    expect(store.getState().messages.map((m) => m.content)).toEqual(['message 1', 'message 2', 'mine']);
    expect(reads()).toEqual([]);
  });

  it('holds every message once, and never moves the cursor past one it lacks, whatever is lost', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 20 }),
        fc.array(fc.constantFrom('delivered', 'lost', 'bare', 'trigger', 'await'), { maxLength: 60 }),
        async (initial, steps) => {
          const { room, sync, store, heldIds } = setUp(initial, 5, 4);
          const pending: Promise<void>[] = [sync.catchUp()];
          await Promise.all(pending.splice(0));
          const cursorIsGapFree = () => {
            const { cursor } = store.getState();
            const held = new Set(heldIds());
            const first = heldIds()[0] ?? 1;
            return room.messages.every((m) => m.id < first || m.id > (cursor ?? 0) || held.has(m.id));
          };
          let lost = false;
          for (const step of steps) {
            if (step === 'trigger') pending.push(sync.catchUp());
            else if (step === 'await') await Promise.all(pending.splice(0));
            else {
              room.post();
              const id = room.messages.length;
              lost ||= step === 'lost';
              if (step !== 'lost') sync.receive(room.eventFor(id, step === 'delivered'));
            }
            expect(cursorIsGapFree()).toBe(true);
          }
          await Promise.all(pending);
          await settled();
          // Nothing lost: the events alone (and the reads they asked for) left the room complete.
          if (!lost) {
            const first = heldIds()[0] ?? 1;
            expect(heldIds()).toEqual(room.messages.map((m) => m.id).filter((id) => id >= first));
          }
          await sync.catchUp();
          const first = heldIds()[0] ?? 1;
          expect(heldIds()).toEqual(room.messages.map((m) => m.id).filter((id) => id >= first));
          expect(cursorIsGapFree()).toBe(true);
        },
      ),
    );
  });
});
