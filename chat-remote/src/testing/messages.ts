import type { Message } from '@chat/shared';
import fc from 'fast-check';

let nextStamp = 0;

/** A server message as the API returns it; by default a text message from user 1. */
export function aMessage(id: number, overrides: Partial<Message> = {}): Message {
  return {
    id,
    room_id: 1,
    content: `message ${id}`,
    attachment_path: null,
    created_at: new Date(Date.UTC(2026, 0, 1, 12, 0, nextStamp++ % 60)).toISOString(),
    user: { id: 1, username: 'alice' },
    client_msg_id: null,
    ...overrides,
  };
}

export const messageArb: fc.Arbitrary<Message> = fc
  .record({ id: fc.integer({ min: 1, max: 200 }), clientMsgId: fc.option(fc.uuid(), { nil: null }) })
  .map(({ id, clientMsgId }) => aMessage(id, { client_msg_id: clientMsgId }));

export const pageArb = fc.array(messageArb, { maxLength: 30 });
