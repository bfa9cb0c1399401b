import type { Readable } from 'node:stream';
import { ApiErrorSchema } from '@chat/shared/schemas';
import { Type } from 'typebox';
import { MAX_ID } from '../db/schema';

/** The Laravel error body, declared for each failure status a route can answer. */
export function errorResponses<const Codes extends readonly number[]>(...codes: Codes) {
  return Object.fromEntries(codes.map((code) => [code, ApiErrorSchema])) as {
    [K in Codes[number]]: typeof ApiErrorSchema;
  };
}

/**
 * An answer that is not JSON, in each of its media types: bytes (text for `text/*`), which the handler sends
 * as they are (a stream, a buffer or a string), so no serializer touches them.
 */
export function bodyOf(description: string, ...mediaTypes: string[]) {
  const content = Object.fromEntries(
    mediaTypes.map((type) => [
      type,
      { schema: type.startsWith('text/') ? { type: 'string' } : { type: 'string', format: 'binary' } },
    ]),
  );
  return Type.Unsafe<Readable | Buffer | string>({ description, content });
}

export const RoomParamsSchema = Type.Object({ id: Type.Integer({ minimum: 1, maximum: MAX_ID }) });

export const RoomMemberParamsSchema = Type.Object({
  id: RoomParamsSchema.properties.id,
  userId: Type.Integer({ minimum: 1, maximum: MAX_ID }),
});

export const MessageParamsSchema = Type.Object({
  id: RoomParamsSchema.properties.id,
  messageId: Type.Integer({ minimum: 1, maximum: MAX_ID }),
});
