import { type Static, Type } from 'typebox';
import { MESSAGE_CONTENT_MAX, MESSAGES_PAGE_DEFAULT, MESSAGES_PAGE_MAX } from './limits';

export const MessageSchema = Type.Object(
  {
    id: Type.Integer(),
    room_id: Type.Integer(),
    content: Type.String(),
    attachment_path: Type.Union([Type.String(), Type.Null()]),
    created_at: Type.String(),
    user: Type.Object({ id: Type.Integer(), username: Type.String() }),
    client_msg_id: Type.Union([Type.String(), Type.Null()]),
  },
  { $id: 'Message' },
);
export type Message = Static<typeof MessageSchema>;

export const SendMessagePayloadSchema = Type.Object({
  content: Type.String({ maxLength: MESSAGE_CONTENT_MAX }),
  client_msg_id: Type.Optional(Type.String({ format: 'uuid' })),
});
export type SendMessagePayload = Static<typeof SendMessagePayloadSchema>;

export const MessagesQuerySchema = Type.Object({
  after_id: Type.Optional(Type.Integer({ minimum: 0 })),
  before_id: Type.Optional(Type.Integer({ minimum: 1 })),
  limit: Type.Optional(
    Type.Integer({ minimum: 1, maximum: MESSAGES_PAGE_MAX, default: MESSAGES_PAGE_DEFAULT }),
  ),
});
export type MessagesQuery = Static<typeof MessagesQuerySchema>;

/** What `App\Events\MessageSent` carries: ids only, since every signed-in user may listen on the channel. */
export const MessageSentEventSchema = Type.Object({ room_id: Type.Integer(), message_id: Type.Integer() });
export type MessageSentEvent = Static<typeof MessageSentEventSchema>;
