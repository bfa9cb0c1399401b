import { type Static, Type } from 'typebox';

export const UserSchema = Type.Object(
  {
    id: Type.Integer(),
    username: Type.String(),
    image: Type.Union([Type.String(), Type.Null()]),
  },
  { $id: 'User' },
);
export type User = Static<typeof UserSchema>;

export const LoginPayloadSchema = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 64 }),
  password: Type.String({ minLength: 1, maxLength: 256 }),
});
export type LoginPayload = Static<typeof LoginPayloadSchema>;

export const LoginResponseSchema = Type.Object({ token: Type.String(), user: UserSchema });
export type LoginResponse = Static<typeof LoginResponseSchema>;
