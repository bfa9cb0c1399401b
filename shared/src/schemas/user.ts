import { type Static, Type } from 'typebox';
import { NO_NUL_PATTERN } from './patterns';

export const UserSchema = Type.Object(
  {
    id: Type.Integer(),
    username: Type.String(),
    image: Type.Union([Type.String(), Type.Null()]),
  },
  { $id: 'User' },
);
export type User = Static<typeof UserSchema>;

/** `GET me`: the caller, and whether they are a site administrator (optional: an older API lacks it). */
export const MeSchema = Type.Object({
  ...UserSchema.properties,
  /** May do in any room (not a direct message) what its owner may. */
  is_admin: Type.Optional(Type.Boolean()),
});
export type Me = Static<typeof MeSchema>;

export const LoginPayloadSchema = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 64, pattern: NO_NUL_PATTERN }),
  password: Type.String({ minLength: 1, maxLength: 256 }),
});
export type LoginPayload = Static<typeof LoginPayloadSchema>;

export const LoginResponseSchema = Type.Object({
  token: Type.String(),
  user: UserSchema,
  /** The token's absolute end (`2026-11-21T10:00:00.000000Z`); left unused for a week or so it ends sooner. */
  expires_at: Type.Optional(Type.String()),
});
export type LoginResponse = Static<typeof LoginResponseSchema>;
