import { LoginPayloadSchema, NO_NUL_PATTERN, UserSchema } from '@chat/shared/schemas';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { hashPassword } from '../auth/passwords';
import { MAX_ID } from '../db/schema';
import { forbidden, notFound, validationError } from '../http/http-error';
import { NOT_A_MEMBER } from '../http/refusals';
import { errorResponses, RoomParamsSchema } from '../http/route-schemas';
import { TESTING_TAG } from '../plugins/openapi';
import { publishMessageSent } from '../realtime/message-sent';
import { expireAccessToken } from '../repositories/access-tokens';
import { memberIds, roomIsPublic } from '../repositories/rooms';
import { findUserById, findUserCredentials, insertUser, setAdmin } from '../repositories/users';
import { seedMessages } from './testing/seed-messages';

/** Enough for the benchmarks' 100,000-message room, with room to spare; one statement inserts them all. */
export const SEED_MESSAGES_MAX = 1_000_000;

/** (Belongs with the contract's schemas in shared/ if the front end ever calls it; only fixtures do.) */
export const SeedMessagesPayloadSchema = Type.Object({
  count: Type.Integer({ minimum: 1, maximum: SEED_MESSAGES_MAX }),
  /** The author, by id or by (case-insensitive) username; a member of the room. */
  user_id: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_ID })),
  username: Type.Optional(LoginPayloadSchema.properties.username),
  /** Contents are `{prefix} {from}` … `{prefix} {from + count - 1}`; `seed` when not given. */
  prefix: Type.Optional(Type.String({ minLength: 1, maxLength: 100, pattern: NO_NUL_PATTERN })),
  /** The first message's number (1 when not given): a room seeded in several batches goes on counting. */
  from: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000_000 })),
  /**
   * The vocabulary: message number n ends with each word whose `every` divides n, in this order. So
   * `{word: 'tenth', every: 10}` is in 10 % of the messages and, followed by `{word: 'hundredth', every: 100}`,
   * the phrase `tenth hundredth` in 1 %: what the search benchmark needs to build each kind of search.
   */
  words: Type.Optional(
    Type.Array(
      Type.Object({
        word: Type.String({ minLength: 1, maxLength: 100, pattern: NO_NUL_PATTERN }),
        every: Type.Integer({ minimum: 1, maximum: 1_000_000_000 }),
      }),
      { maxItems: 20 },
    ),
  ),
});

export const DeliveryStatsSchema = Type.Object({
  deliveries: Type.Integer(),
  statements: Type.Integer(),
  statements_by_route: Type.Record(Type.String(), Type.Integer()),
  read_statements_per_delivery: Type.Union([Type.Number(), Type.Null()]),
});

export const SeedMessagesResponseSchema = Type.Object({
  count: Type.Integer(),
  first_id: Type.Integer(),
  last_id: Type.Integer(),
});

/**
 * Only when ENABLE_TEST_ENDPOINTS=true: lets end-to-end fixtures and benchmarks set up through the running
 * server, since the embedded database cannot be opened by a second process meanwhile. Never enable in
 * production.
 */
const testingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Marked as such in the OpenAPI document served where they exist (docs/openapi.json is generated without them).
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, tags: [TESTING_TAG] };
  });

  app.post(
    '/testing/users',
    { schema: { body: LoginPayloadSchema, response: { 201: UserSchema, ...errorResponses(422) } } },
    async (request, reply) => {
      const { username, password } = request.body;
      const user = await insertUser(app.db, username, await hashPassword(password));
      if (!user) throw validationError({ username: ['The username has already been taken.'] });
      return reply.code(201).send(user);
    },
  );

  // A site administrator for end-to-end flows, as the operator's `user:admin` would make one (never the API).
  app.post(
    '/testing/admins',
    {
      schema: {
        body: Type.Object({ username: LoginPayloadSchema.properties.username }),
        response: { 200: UserSchema, ...errorResponses(404, 422) },
      },
    },
    async (request) => {
      const user = await setAdmin(app.db, request.body.username, true);
      if (!user) throw notFound();
      return user;
    },
  );

  /**
   * A room's history in one statement (`count` messages in id order), instead of `count` sends: a
   * 100,000-message room in seconds. One MessageSent for the last id lets open clients catch up.
   */
  app.post(
    '/testing/rooms/:id/messages',
    {
      schema: {
        params: RoomParamsSchema,
        body: SeedMessagesPayloadSchema,
        response: { 201: SeedMessagesResponseSchema, ...errorResponses(403, 404, 422) },
      },
    },
    async (request, reply) => {
      const { count, user_id, username, prefix = 'seed', from, words } = request.body;
      if (user_id === undefined && username === undefined)
        throw validationError({ user_id: ['The user id field is required when username is not present.'] });
      const user =
        user_id !== undefined
          ? await findUserById(app.db, user_id)
          : await findUserCredentials(app.db, username as string);
      if (!user)
        throw validationError({
          [user_id !== undefined ? 'user_id' : 'username']: ['The selected user is invalid.'],
        });

      const roomId = request.params.id;
      const outcome = await seedMessages(app.db, { roomId, userId: user.id, count, prefix, from, words });
      if (outcome.status === 'not_found') throw notFound();
      if (outcome.status === 'not_member') throw forbidden(NOT_A_MEMBER);
      app.pages?.changed(roomId);
      // Ids only on the room channel too: its readers see the batch as a gap and read it by after_id. A private
      // room's or a direct message's list ids go to its members' own channels, never on the shared one.
      const listMembers = (await roomIsPublic(app.db, roomId)) ? null : await memberIds(app.db, roomId);
      await publishMessageSent(app.publisher, {
        roomId,
        messageId: outcome.lastId,
        previousId: outcome.previousId,
        message: null,
        directMemberIds: listMembers,
      }).catch((error: unknown) => request.log.warn({ err: error }, 'MessageSent broadcast failed'));
      return reply
        .code(201)
        .send({ count: outcome.count, first_id: outcome.firstId, last_id: outcome.lastId });
    },
  );

  /**
   * Ends a token's life now, as its lifetime would: for the flows of a session that expires. A token that
   * has not been used yet is in no process's cache, so the next request with it answers 401.
   */
  app.post(
    '/testing/tokens/expire',
    {
      schema: {
        body: Type.Object({ token: Type.String({ pattern: '^[0-9]{1,15}\\|', maxLength: 200 }) }),
        response: { 204: Type.Null(), ...errorResponses(404, 422) },
      },
    },
    async (request, reply) => {
      const id = Number.parseInt(request.body.token, 10);
      if (id > MAX_ID || !(await expireAccessToken(app.db, id))) throw notFound();
      return reply.code(204).send(null);
    },
  );

  /**
   * A full garbage collection now, when the process runs with `--expose-gc` (the benchmark's memory reading):
   * memory read after it counts what the process keeps, not garbage a collection has yet to free. Answers the
   * JavaScript heap in use after it, in bytes.
   */
  app.post(
    '/testing/gc',
    {
      schema: {
        response: { 200: Type.Object({ collected: Type.Boolean(), heap_used: Type.Integer() }) },
      },
    },
    async () => {
      const { gc } = globalThis as { gc?: () => void };
      gc?.();
      return { collected: gc !== undefined, heap_used: process.memoryUsage().heapUsed };
    },
  );

  /** Counters since the process started (see DeliveryStats); a benchmark or test reads them before and after. */
  app.get('/testing/delivery-stats', { schema: { response: { 200: DeliveryStatsSchema } } }, async () =>
    app.deliveryStats.snapshot(),
  );
};

export default testingRoutes;
