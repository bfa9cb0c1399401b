import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import fc from 'fast-check';
import { PNG_1X1, TEXT } from '../testing/images';
import { captureLog } from '../testing/log-capture';
import { multipart } from '../testing/multipart';
import { type OpenApiDocument, operationOf, type Route, servedRoutes } from '../testing/served-routes';
import { createTestApp, type TestApp } from '../testing/test-app';

/**
 * Property: whatever arrives in a route's path, query or body (JSON, form, multipart, broken multipart, other
 * types), the answer is a 2xx or a 4xx in the API's error shape, never a 5xx, with a status the route's schema
 * declares, and nothing is logged at error level. The routes come from Fastify's own route tree, so every served route is fuzzed. Each route first
 * gets its seed cases (every field of a valid request damaged in each way of MUTATIONS, one at a time), then
 * random requests.
 */
const RANDOM_RUNS = { withInputs: 25, without: 8 };

/**
 * What any route may answer besides the statuses its schema declares, as docs/api.md's Errors say: a body the
 * parsers refuse (400, 413, 415), a path segment over Fastify's 100 characters (414), CSRF (419), the API
 * throttle (429).
 */
const ANY_ROUTE_STATUSES = [400, 413, 414, 415, 419, 429];

type Fields = Record<string, string>;

/**
 * What each route reads besides its path, as a valid query and body. Requests start from these and spoil
 * them, so that a bad value also gets past the other fields to the handler and the database. A served route
 * listed nowhere (here or in NO_INPUT) gets random requests with every field and query name below.
 */
const INPUTS: Record<string, { query?: Fields; body?: (memberId: number) => Fields }> = {
  'POST /broadcasting/auth': { body: () => ({ socket_id: '1234.5678', channel_name: 'private-chatroom' }) },
  'POST /broadcasting/user-auth': { body: () => ({ socket_id: '1234.5678' }) },
  'POST /api/auth/login': { body: () => ({ username: 'fuzzer', password: 'password' }) },
  'GET /api/attachments/:name': { query: { expires: '4102444800', signature: 'a'.repeat(64) } },
  'POST /api/chatrooms': { body: () => ({ name: 'Room', description: 'About', max_members: '10' }) },
  'GET /api/chatrooms/:id/messages': { query: { after_id: '0', before_id: '1000', limit: '10' } },
  'POST /api/chatrooms/:id/read': { body: () => ({ message_id: '1' }) },
  'POST /api/chatrooms/:id/messages': {
    body: () => ({ content: 'hello', client_msg_id: '123e4567-e89b-12d3-a456-426614174000' }),
  },
  'POST /api/testing/users': { body: () => ({ username: 'fuzzed', password: 'password' }) },
  'POST /api/testing/rooms/:id/messages': {
    body: (memberId) => ({ count: '1', user_id: String(memberId), username: 'fuzzer', prefix: 'seed' }),
  },
};
/** Routes that read nothing but their path. */
const NO_INPUT = [
  'GET /up',
  'GET /metrics',
  'GET /sanctum/csrf-cookie',
  'GET /api/me',
  'GET /api/chatrooms',
  'GET /api/chatrooms/:id',
  'POST /api/chatrooms/:id/join',
  'POST /api/chatrooms/:id/leave',
  'DELETE /api/chatrooms/:id/messages/:messageId',
  'POST /api/auth/logout',
];
const EVERY_FIELD = Object.fromEntries(
  Object.values(INPUTS).flatMap((inputs) => Object.entries(inputs.body?.(1) ?? {})),
);
const EVERY_QUERY = Object.fromEntries(
  Object.values(INPUTS).flatMap((inputs) => Object.entries(inputs.query ?? {})),
);

/** Damage to a valid value, each kind of which once got past a schema to PostgreSQL. */
const MUTATIONS: ((value: string) => string)[] = [
  (value) => `urn:uuid:${value}`,
  (value) => `{${value}}`,
  (value) => `${value}\u0000`,
  (value) => `${value}e309`,
  () => 'Infinity',
  () => '-Infinity',
  (value) => `-${value}`,
  (value) => `${value}.5`,
  (value) => value.repeat(1001),
];

/** Strings that have broken, or would break, a parser, a schema or PostgreSQL. */
const tricky = fc.constantFrom(
  ...['Infinity', '-Infinity', '1e309', '-1e309', 'NaN', '0', '-1', '1', '2', '10', '1.5', '0x10', '123.456'],
  ...['2147483647', '2147483648', '9007199254740993', ' ', '', 'true', 'null', '[]', '__proto__'],
  ...['\u0000', 'a\u0000b', '\ud800', 'x'.repeat(5001), 'private-chatroom', 'constructor'],
  ...['urn:uuid:123e4567-e89b-12d3-a456-426614174000', '{123e4567-e89b-12d3-a456-426614174000}'],
);
const anyText = fc.oneof(
  { weight: 3, arbitrary: tricky },
  fc.string({ maxLength: 10 }).map((value) => `${value}\u0000${value}`),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.uuid(),
);
/** JSON value tokens written by hand, so that 1e309 and friends reach the parser as they do on the wire. */
const anyJson = fc.oneof(
  { weight: 3, arbitrary: anyText.map((value) => JSON.stringify(value)) },
  fc.integer().map(String),
  fc.constantFrom('1e309', '-1e309', '1e400', '9007199254740993', '-0', '0.5', '1E2', '2147483648'),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((value) => JSON.stringify(value)),
  fc.constantFrom('true', 'false', 'null', '[]', '{}', '[1]', '{"a":1}', '["x","y"]'),
);

/**
 * [name, token] pairs: mostly the valid fields with one of them damaged, replaced or left out, else every
 * field loose; plus stray fields now and then. Tokens are whatever `token` makes of a text (JSON or itself).
 */
function fieldsOf(
  valid: Fields,
  value: fc.Arbitrary<string>,
  token: (text: string) => string,
): fc.Arbitrary<[string, string][]> {
  const names = Object.keys(valid);
  const keep = (name: string) => fc.constant(token(valid[name] as string));
  const spoil = (name: string) =>
    fc.oneof(
      fc.constantFrom(...MUTATIONS).map((mutate) => token(mutate(valid[name] as string))),
      value,
      fc.constant(undefined),
    );
  const oneSpoiled =
    names.length === 0
      ? fc.constant({})
      : fc
          .constantFrom(...names)
          .chain((target) =>
            fc.record(
              Object.fromEntries(names.map((name) => [name, name === target ? spoil(name) : keep(name)])),
            ),
          );
  const allLoose = fc.record(
    Object.fromEntries(names.map((name) => [name, fc.oneof(keep(name), spoil(name))])),
  );
  const stray = fc.uniqueArray(fc.tuple(fc.string({ maxLength: 8 }), value), { maxLength: 2 });
  return fc
    .tuple(fc.oneof({ weight: 3, arbitrary: oneSpoiled }, allLoose), stray)
    .map(([fields, extra]) => [
      ...(Object.entries(fields).filter(([, given]) => given !== undefined) as [string, string][]),
      ...extra.filter(([name]) => !(name in fields)),
    ]);
}

type Damage = 'truncate' | 'no-boundary' | 'other-boundary' | 'garbage';
type Body =
  | { kind: 'none' }
  | { kind: 'raw'; contentType: string; text: string }
  | { kind: 'json' | 'form'; fields: [string, string][] }
  | {
      kind: 'multipart';
      fields: [string, string][];
      file: 'png' | 'text' | null;
      damage: Damage | null;
      at: number;
    };

/** A well-formed body in one of the three encodings (fields as JSON tokens, sent as text by form/multipart). */
function wellFormedBody(valid: Fields): fc.Arbitrary<Body> {
  const textFields = fieldsOf(
    valid,
    anyText.map((value) => JSON.stringify(value)),
    JSON.stringify,
  );
  return fc.oneof(
    fc.record({ kind: fc.constant('json' as const), fields: fieldsOf(valid, anyJson, JSON.stringify) }),
    fc.record({ kind: fc.constant('form' as const), fields: textFields }),
    fc.record({
      kind: fc.constant('multipart' as const),
      fields: textFields,
      file: fc.constantFrom('png' as const, 'text' as const, null),
      damage: fc.constant(null),
      at: fc.constant(0),
    }),
  );
}

/** Anything: no body, a raw one under any type, broken multipart, or a well-formed one. */
function anyBody(valid: Fields): fc.Arbitrary<Body> {
  return fc.oneof(
    fc.constant({ kind: 'none' as const }),
    fc.record({
      kind: fc.constant('raw' as const),
      contentType: fc.constantFrom(
        'application/json',
        'application/x-www-form-urlencoded',
        'multipart/form-data',
        'text/plain',
        'application/json; charset=utf-16',
      ),
      text: fc.oneof(anyJson, fc.string({ unit: 'binary', maxLength: 60 })),
    }),
    fc.record({
      kind: fc.constant('multipart' as const),
      fields: fieldsOf(
        valid,
        anyText.map((value) => JSON.stringify(value)),
        JSON.stringify,
      ),
      file: fc.constantFrom('png' as const, 'text' as const, null),
      damage: fc.constantFrom<Damage>('truncate', 'no-boundary', 'other-boundary', 'garbage'),
      at: fc.nat(),
    }),
    { weight: 3, arbitrary: wellFormedBody(valid) },
  );
}

/** Form and multipart send the text inside a JSON string token (any other token as it is). */
function asText(token: string): string {
  try {
    const value: unknown = JSON.parse(token);
    return typeof value === 'string' ? value : token;
  } catch {
    return token;
  }
}

async function encode(body: Body): Promise<{ payload?: string | Buffer; contentType?: string }> {
  switch (body.kind) {
    case 'none':
      return {};
    case 'raw':
      return { payload: body.text, contentType: body.contentType };
    case 'json':
      return {
        payload: `{${body.fields.map(([name, token]) => `${JSON.stringify(name)}:${token}`).join(',')}}`,
        contentType: 'application/json',
      };
    case 'form': {
      const form = new URLSearchParams(body.fields.map(([name, token]) => [name, asText(token)]));
      return { payload: form.toString(), contentType: 'application/x-www-form-urlencoded' };
    }
    case 'multipart': {
      const files = {
        png: { attachment: { bytes: PNG_1X1, filename: 'a.png', type: 'image/png' } },
        text: { attachment: { bytes: TEXT, filename: 'a.txt', type: 'text/plain' } },
      };
      const fields = Object.fromEntries(body.fields.map(([name, token]) => [name, asText(token)]));
      const encoded = await multipart(fields, body.file ? files[body.file] : {});
      const contentType = encoded.headers['content-type'];
      switch (body.damage) {
        case 'truncate':
          return { payload: encoded.payload.subarray(0, body.at % encoded.payload.length), contentType };
        case 'no-boundary':
          return { payload: encoded.payload, contentType: 'multipart/form-data' };
        case 'other-boundary':
          return { payload: encoded.payload, contentType: 'multipart/form-data; boundary=elsewhere' };
        case 'garbage':
          return { payload: Buffer.from(`--x\r\n${'\u0000'.repeat(body.at % 50)}garbage`), contentType };
        default:
          return { payload: encoded.payload, contentType };
      }
    }
  }
}

/** Percent-encoded as UTF-8: a lone surrogate goes on the wire as U+FFFD, as a browser would send it. */
const encodeSegment = (value: string) => encodeURIComponent(Buffer.from(value).toString('utf8'));

const pathSegment = (roomId: number) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constant(String(roomId)) },
    { weight: 3, arbitrary: tricky.map(encodeSegment) },
    fc.constantFrom('%', '%zz', '%00', '..', '1%2F2', 'x'.repeat(150)),
    fc.string({ unit: 'binary', maxLength: 20 }).map(encodeSegment),
  );

const queryOf = (valid: Fields) =>
  fc.oneof(
    {
      weight: 4,
      arbitrary: fieldsOf(valid, anyText, (text) => text).map((pairs) =>
        new URLSearchParams(pairs).toString(),
      ),
    },
    fc.constantFrom('after_id=1&after_id=2', 'limit[]=1', 'a=%', '%zz=1', 'limit=%00', 'before_id='),
  );

interface Request {
  params: string[];
  query: string;
  body: Body;
  auth: 'member' | 'none' | 'garbage';
}

/** A member's otherwise valid request with one field damaged: one per field and kind of damage. */
function seedCases(base: Request, query: Fields, body: Fields | undefined): [Request][] {
  const damaged = (fields: Fields, name: string) =>
    MUTATIONS.map((mutate) => Object.entries({ ...fields, [name]: mutate(fields[name] as string) }));
  return [
    ...Object.keys(query).flatMap((name) =>
      damaged(query, name).map((pairs): [Request] => [
        { ...base, query: new URLSearchParams(pairs).toString() },
      ]),
    ),
    ...Object.keys(body ?? {}).flatMap((name) =>
      damaged(body ?? {}, name).map((pairs): [Request] => [
        {
          ...base,
          body: { kind: 'json', fields: pairs.map(([field, text]) => [field, JSON.stringify(text)]) },
        },
      ]),
    ),
  ];
}

describe('every route, fuzzed', () => {
  const log = captureLog();
  let t: TestApp;
  let member: Awaited<ReturnType<TestApp['signIn']>>;
  let roomId: number;
  let routes: Route[];
  let document: OpenApiDocument;
  let runs = 0;
  const statuses = new Map<number, number>();

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        ENABLE_TEST_ENDPOINTS: 'true',
        API_THROTTLE_PER_MINUTE: '1000000',
        LOGIN_MAX_ATTEMPTS: '1000000',
      },
      logger: log.logger,
    });
    member = await t.signIn('fuzzer');
    const room = await t.app.inject({
      method: 'POST',
      url: '/api/chatrooms',
      headers: member.headers,
      payload: { name: 'Fuzz', description: 'd', max_members: 10 },
    });
    roomId = room.json().id;
    routes = servedRoutes(t.app);
    document = t.app.swagger() as unknown as OpenApiDocument;
  });
  afterAll(async () => {
    const tally = [...statuses].sort(([a], [b]) => a - b).map(([status, count]) => `${status}×${count}`);
    console.info(`fuzzed ${routes.length} routes with ${runs} requests: ${tally.join(' ')}`);
    await t.close();
  });

  async function send(route: Route, input: Request) {
    runs++;
    let url = route.url;
    for (const value of input.params) url = url.replace(/:[a-z_]+/, value);
    if (input.query) url += `?${input.query}`;
    const { payload, contentType } = await encode(input.body);
    // Signing out spends the token, so that route gets a token of its own each time.
    const signedIn = route.url.endsWith('/logout') ? (await t.signIn()).headers : member.headers;
    const headers: Record<string, string> = {
      ...(input.auth === 'member' ? signedIn : {}),
      ...(input.auth === 'garbage' ? { authorization: 'Bearer 1|Infinity\u0000' } : {}),
      ...(contentType ? { 'content-type': contentType } : {}),
    };
    const before = log.lines.length;
    const response = await t.app.inject({
      method: route.method as 'GET',
      url,
      headers,
      ...(payload === undefined ? {} : { payload }),
    });
    statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
    // Leaving the room would turn every later request into a non-member's.
    if (route.url.endsWith('/leave')) {
      await t.app.inject({ method: 'POST', url: `/api/chatrooms/${roomId}/join`, headers: member.headers });
    }
    return {
      where: `${route.method} ${url} (${input.body.kind})`,
      response,
      logged: log.errorsSince(before),
    };
  }

  it('finds every route in the route tree', () => {
    const served = routes.map(({ method, url }) => `${method} ${url}`);
    for (const route of [...Object.keys(INPUTS), ...NO_INPUT]) expect(served).toContain(route);
  });

  it('answers every input with a 2xx or a 4xx in the API shape, and logs no error', async () => {
    for (const route of routes) {
      const key = `${route.method} ${route.url}`;
      const described = INPUTS[key] ?? (NO_INPUT.includes(key) ? {} : undefined);
      const query = described ? described.query : EVERY_QUERY;
      const body = described
        ? described.body?.(member.user.id)
        : { ...EVERY_FIELD, user_id: String(member.user.id) };
      const params = route.url.split('/').filter((segment) => segment.startsWith(':')).length;
      const none: Body = { kind: 'none' };
      const base: Request = {
        params: Array.from({ length: params }, () => String(roomId)),
        query: new URLSearchParams(query).toString(),
        body: body
          ? { kind: 'json', fields: Object.entries(body).map(([name, text]) => [name, JSON.stringify(text)]) }
          : none,
        auth: 'member',
      };
      // Mostly a member's request to the room with one field spoiled; else anything goes.
      const focused = fc.record({
        params: fc.constant(base.params),
        query: query ? queryOf(query) : fc.constant(''),
        body: body ? wellFormedBody(body) : fc.constant(none),
        auth: fc.constant('member' as const),
      });
      const chaos = fc.record({
        params: fc.array(pathSegment(roomId), { minLength: params, maxLength: params }),
        query: query ? queryOf(query) : fc.constant(''),
        body: body ? anyBody(body) : fc.constant(none),
        auth: fc.constantFrom('member' as const, 'none' as const, 'garbage' as const),
      });
      const hasInputs = params > 0 || query !== undefined || body !== undefined;
      const examples = described ? seedCases(base, query ?? {}, body) : [];
      await fc.assert(
        fc.asyncProperty(
          fc.oneof({ weight: 3, arbitrary: focused }, { weight: 2, arbitrary: chaos }),
          async (input) => {
            const { where, response, logged } = await send(route, input);
            expect(response.statusCode, where).toBeLessThan(500);
            // The OpenAPI document (the routes' response schemas) names every status a route answers.
            if (!ANY_ROUTE_STATUSES.includes(response.statusCode)) {
              const declared = Object.keys(operationOf(document, route)?.responses ?? {});
              expect(declared, `${where} answered ${response.statusCode}`).toContain(
                String(response.statusCode),
              );
            }
            if (response.statusCode >= 400) {
              const answer = response.json();
              expect(typeof answer.message, where).toBe('string');
              for (const messages of Object.values(answer.errors ?? {})) {
                expect(messages, where).toEqual(expect.arrayContaining([expect.any(String)]));
              }
            }
            expect(logged, where).toEqual([]);
          },
        ),
        {
          // fast-check counts the examples within numRuns.
          numRuns: examples.length + (hasInputs ? RANDOM_RUNS.withInputs : RANDOM_RUNS.without),
          examples,
          includeErrorInReport: true,
        },
      );
    }
  }, 240_000);
});
