import { type Static, Type } from 'typebox';

/** Laravel's error body: `errors` only on 422 validation failures. */
export const ApiErrorSchema = Type.Object(
  {
    message: Type.String(),
    errors: Type.Optional(Type.Record(Type.String(), Type.Array(Type.String()))),
  },
  { $id: 'ApiError' },
);
export type ApiErrorBody = Static<typeof ApiErrorSchema>;

export const MessageOnlySchema = Type.Object({ message: Type.String() });

export const BroadcastAuthPayloadSchema = Type.Object({
  socket_id: Type.String({ pattern: '^\\d+\\.\\d+$' }),
  channel_name: Type.String({ minLength: 1, maxLength: 200 }),
});
export type BroadcastAuthPayload = Static<typeof BroadcastAuthPayloadSchema>;
/** `channel_data`: on a presence channel, the member admitted (JSON `{user_id, user_info}`), signed with `auth`. */
export const BroadcastAuthResponseSchema = Type.Object({
  auth: Type.String(),
  channel_data: Type.Optional(Type.String()),
});
export type BroadcastAuthResponse = Static<typeof BroadcastAuthResponseSchema>;
export const BroadcastUserAuthPayloadSchema = Type.Object({
  socket_id: Type.String({ pattern: '^\\d+\\.\\d+$' }),
});
export type BroadcastUserAuthPayload = Static<typeof BroadcastUserAuthPayloadSchema>;
/** Pusher's user sign-in answer: `user_data` is JSON `{"id":"<user id>"}`, signed with `auth`. */
export const BroadcastUserAuthResponseSchema = Type.Object({
  auth: Type.String(),
  user_data: Type.String(),
});
export type BroadcastUserAuthResponse = Static<typeof BroadcastUserAuthResponseSchema>;
