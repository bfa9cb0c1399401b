import { ApiErrorSchema } from '@chat/shared/schemas';
import { Type } from 'typebox';
import { MAX_ID } from '../db/schema';

/** The Laravel error body, declared for each failure status a route can answer. */
export function errorResponses<const Codes extends readonly number[]>(...codes: Codes) {
  return Object.fromEntries(codes.map((code) => [code, ApiErrorSchema])) as {
    [K in Codes[number]]: typeof ApiErrorSchema;
  };
}

export const RoomParamsSchema = Type.Object({ id: Type.Integer({ minimum: 1, maximum: MAX_ID }) });

export const MessageParamsSchema = Type.Object({
  id: RoomParamsSchema.properties.id,
  messageId: Type.Integer({ minimum: 1, maximum: MAX_ID }),
});
