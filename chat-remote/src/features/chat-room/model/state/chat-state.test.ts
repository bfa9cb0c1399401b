import { describe, expect, it } from '@rstest/core';
import fc from 'fast-check';
import { aMessage, messageArb } from '../../../../testing/messages';
import { newOutgoing } from '../outgoing';
import { timeline } from '../timeline';
import { type ChatState, initialChatState } from './chat-state';
import { latestReceived, newerReceived, olderReceived, sentReceived } from './log';
import { discarded, progressed, queued, retried, rewritten, sendFailed } from './outbox';

const draft = (content: string) => newOutgoing({ content, file: null });

describe('sending', () => {
  it('shows a queued message at once, after the held ones, as pending', () => {
    const entry = draft('hello');
    const state = queued(latestReceived(initialChatState, [aMessage(1)], 50), entry);
    const rows = timeline(state.messages, state.outbox);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({ content: 'hello', status: 'pending' });
  });

  it('turns pending into the server message when it arrives, once', () => {
    const entry = draft('hello');
    let state = queued(initialChatState, entry);
    const stored = aMessage(5, { content: 'hello', client_msg_id: entry.clientMsgId });
    state = sentReceived(state, stored);
    // The same message again through the live catch-up.
    state = newerReceived(state, [stored]);
    expect(timeline(state.messages, state.outbox)).toEqual([stored]);
  });

  it('marks a failed send, and a retry keeps its id and its place', () => {
    const first = draft('one');
    const second = draft('two');
    let state = queued(queued(initialChatState, first), second);
    state = sendFailed(state, first.clientMsgId, 'No connection to the server.', true);
    expect(state.outbox[0]).toMatchObject({ status: 'failed', error: 'No connection to the server.' });
    state = retried(state, first.clientMsgId);
    expect(state.outbox.map((entry) => [entry.clientMsgId, entry.status])).toEqual([
      [first.clientMsgId, 'pending'],
      [second.clientMsgId, 'pending'],
    ]);
  });

  it('shows a pending message with the text it is sent with, in its place', () => {
    const first = draft('party :tada:');
    const second = draft('two');
    const state = rewritten(queued(queued(initialChatState, first), second), first.clientMsgId, 'party 🎉');
    expect(timeline(state.messages, state.outbox)).toMatchObject([
      { content: 'party 🎉', status: 'pending' },
      { content: 'two', status: 'pending' },
    ]);
  });

  it('tracks upload progress within 0..1 and drops a discarded message', () => {
    const image = newOutgoing({ content: '', file: new File(['x'], 'a.png', { type: 'image/png' }) });
    let state = progressed(queued(initialChatState, image), image.clientMsgId, 1.4);
    expect(state.outbox[0]?.progress).toBe(1);
    state = discarded(state, image.clientMsgId);
    expect(state.outbox).toEqual([]);
  });
});

describe('cursor and history', () => {
  it('starts the cursor at the newest id of the first page (0 for an empty room)', () => {
    expect(latestReceived(initialChatState, [], 50)).toMatchObject({ cursor: 0, hasOlder: false });
    const full = Array.from({ length: 50 }, (_, i) => aMessage(i + 51));
    expect(latestReceived(initialChatState, full, 50)).toMatchObject({ cursor: 100, hasOlder: true });
  });

  it("does not move the cursor for a send's answer, so the messages before it are still fetched", () => {
    const state = sentReceived(latestReceived(initialChatState, [aMessage(10)], 50), aMessage(15));
    expect(state.cursor).toBe(10);
    expect(newerReceived(state, [aMessage(11), aMessage(15)]).cursor).toBe(15);
  });

  it('prepends older pages and knows when history is exhausted', () => {
    let state = latestReceived(initialChatState, [aMessage(10), aMessage(11)], 2);
    state = olderReceived({ ...state, loadingOlder: true }, [aMessage(8), aMessage(9)], 2);
    expect(state.messages.map((message) => message.id)).toEqual([8, 9, 10, 11]);
    expect(state).toMatchObject({ hasOlder: true, loadingOlder: false });
    expect(olderReceived(state, [aMessage(7)], 2).hasOlder).toBe(false);
  });
});

type Step =
  | { kind: 'queue'; content: string }
  | { kind: 'fail' | 'retry' | 'discard' | 'deliver'; pick: number }
  | { kind: 'page'; page: ReturnType<typeof aMessage>[] };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('queue' as const), content: fc.string({ minLength: 1 }) }),
  fc.record({
    kind: fc.constantFrom('fail' as const, 'retry' as const, 'discard' as const, 'deliver' as const),
    pick: fc.nat(),
  }),
  // Other people's messages: no client_msg_id of this client's.
  fc.record({
    kind: fc.constant('page' as const),
    page: fc.array(
      messageArb.map((message) => ({ ...message, client_msg_id: null })),
      { maxLength: 5 },
    ),
  }),
);

describe('any sequence of sends, failures, retries and arriving pages', () => {
  it('shows every client_msg_id once, keeps ids ascending, and keeps unsent messages in the order written', () => {
    fc.assert(
      fc.property(fc.array(stepArb, { maxLength: 40 }), (steps) => {
        let state: ChatState = latestReceived(initialChatState, [], 50);
        const written: string[] = [];
        let nextId = 1000;
        for (const step of steps) {
          const target =
            step.kind !== 'queue' && step.kind !== 'page'
              ? state.outbox[step.pick % Math.max(1, state.outbox.length)]
              : undefined;
          if (step.kind === 'queue') {
            const entry = draft(step.content);
            written.push(entry.clientMsgId);
            state = queued(state, entry);
          } else if (step.kind === 'page') {
            state = newerReceived(state, step.page);
          } else if (target && step.kind === 'fail') {
            state = sendFailed(state, target.clientMsgId, 'offline', true);
          } else if (target && step.kind === 'retry') {
            state = retried(state, target.clientMsgId);
          } else if (target && step.kind === 'discard') {
            state = discarded(state, target.clientMsgId);
          } else if (target && step.kind === 'deliver') {
            state = sentReceived(state, aMessage(nextId++, { client_msg_id: target.clientMsgId }));
          }
          const rows = timeline(state.messages, state.outbox);
          const shown = rows.map((row) => ('clientMsgId' in row ? row.clientMsgId : row.client_msg_id));
          const withId = shown.filter((id) => id !== null);
          expect(new Set(withId).size).toBe(withId.length);
          const messageIds = state.messages.map((message) => message.id);
          expect(messageIds).toEqual([...new Set(messageIds)].sort((a, b) => a - b));
          const unsent = state.outbox.map((entry) => entry.clientMsgId);
          expect(unsent).toEqual(written.filter((id) => unsent.includes(id)));
        }
      }),
    );
  });
});
