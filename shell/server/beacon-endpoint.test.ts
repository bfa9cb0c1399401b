import { describe, expect, it } from '@rstest/core';
import fc from 'fast-check';
import {
  BEACONS_PER_MINUTE,
  type BeaconRequest,
  createBeaconEndpoint,
  MAX_BEACON_BYTES,
} from './beacon-endpoint';
import { createHealthMetrics } from './health-metrics';
import type { KnownVersions } from './known-versions';

const known: KnownVersions = {
  label: (app, version) =>
    (app === 'chat' && version === 'release-4') || version === 'abc123' ? version : 'other',
  current: () => ({ chat: 'release-4' }),
  refresh: async () => {},
  watch: async () => {},
  start: () => () => {},
};

function setUp() {
  const metrics = createHealthMetrics();
  const endpoint = createBeaconEndpoint(metrics, known);
  let client = 0;
  // A fresh address per request unless one is given, so the rate limit does not blur the other answers.
  const post = (body: string, request: Partial<BeaconRequest> = {}) =>
    endpoint.receive({
      method: 'POST',
      address: `10.0.${Math.floor(client / 250)}.${client++ % 250}`,
      contentType: 'text/plain;charset=UTF-8',
      body,
      ...request,
    });
  const series = async () =>
    (await metrics.registry.metrics()).split('\n').filter((line) => line !== '' && !line.startsWith('#'));
  return { metrics, post, series };
}

const beacon = (overrides: Record<string, unknown> = {}) =>
  JSON.stringify({
    session: 'a1b2c3d4e5f6a7b8',
    loads: [{ app: 'chat', version: 'release-4', stage: 'module', outcome: 'ok', ms: 120 }],
    errors: [{ app: 'chat', version: 'release-4', kind: 'render', count: 2 }],
    vitals: [
      { app: 'chat', version: 'release-4', metric: 'LCP', value: 1200 },
      { app: 'chat', version: 'release-4', metric: 'CLS', value: 0.03 },
    ],
    ...overrides,
  });

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('POST /beacon', () => {
  it('counts a beacon under its remote and version: 204', async () => {
    const { metrics, post, series } = setUp();
    expect(await post(beacon())).toBe(204);
    const lines = await series();
    expect(lines).toContain(
      'frontend_remote_loads_total{remote="chat",version="release-4",stage="module",outcome="ok"} 1',
    );
    expect(lines).toContain('frontend_errors_total{remote="chat",version="release-4",kind="render"} 2');
    expect(lines).toContain(
      'frontend_web_vitals_seconds_bucket{le="2",remote="chat",version="release-4",metric="LCP"} 1',
    );
    expect(lines).toContain('frontend_web_vitals_cls_bucket{le="0.05",remote="chat",version="release-4"} 1');
    expect(metrics.byVersion()).toEqual([
      { app: 'chat', version: 'release-4', loads: { ok: 1, error: 0 }, errors: 2, sessions: 1 },
    ]);
  });

  it.each([
    ['not JSON', 'hello', 400],
    ['JSON but no beacon', '[]', 400],
    ['null', 'null', 400],
    ['deep nesting', nested(4_000), 400],
    ['a wrong type', beacon({ loads: 'many' }), 400],
    ['an unknown field (a message text)', beacon({ message: 'secret' }), 400],
    [
      'an error entry with text',
      beacon({ errors: [{ app: 'chat', version: 'x', kind: 'render', count: 1, text: 'x' }] }),
      400,
    ],
    [
      'a kind outside the set',
      beacon({ errors: [{ app: 'chat', version: 'x', kind: 'oops', count: 1 }] }),
      400,
    ],
    [
      'a negative duration',
      beacon({ loads: [{ app: 'chat', version: 'x', stage: 'module', outcome: 'ok', ms: -1 }] }),
      400,
    ],
    [
      'a label with spaces',
      beacon({ loads: [{ app: 'chat', version: 'a b', stage: 'module', outcome: 'ok', ms: 1 }] }),
      400,
    ],
    [
      'too many entries',
      beacon({ vitals: Array(51).fill({ app: 'chat', version: 'x', metric: 'LCP', value: 1 }) }),
      400,
    ],
    ['a short session id', beacon({ session: 'x' }), 400],
    ['a huge body', 'x'.repeat(MAX_BEACON_BYTES + 1), 413],
    ['a huge valid-looking body', beacon({ session: 'a'.repeat(MAX_BEACON_BYTES) }), 413],
  ])('refuses %s with a 4xx', async (_, body, status) => {
    const { post, series } = setUp();
    expect(await post(body)).toBe(status);
    expect(
      (await series()).filter(
        (line) => line.startsWith('frontend_remote') || line.startsWith('frontend_errors'),
      ),
    ).toEqual([]);
  });

  it('refuses other methods and content types', async () => {
    const { post } = setUp();
    expect(await post(beacon(), { method: 'GET' })).toBe(405);
    expect(await post(beacon(), { contentType: 'application/x-www-form-urlencoded' })).toBe(415);
    expect(await post(beacon(), { contentType: undefined })).toBe(415);
    expect(await post(beacon(), { contentType: 'application/json; charset=utf-8' })).toBe(204);
  });

  it('drops entries of unknown apps and labels unknown versions `other`', async () => {
    const { post, series } = setUp();
    const body = beacon({
      loads: [
        { app: 'evil', version: 'release-4', stage: 'module', outcome: 'ok', ms: 1 },
        { app: 'chat', version: 'release-999', stage: 'module', outcome: 'error', ms: 1 },
      ],
      errors: [],
      vitals: [],
    });
    expect(await post(body)).toBe(204);
    const lines = (await series()).filter((line) => line.startsWith('frontend_remote_loads_total'));
    expect(lines).toEqual([
      'frontend_remote_loads_total{remote="chat",version="other",stage="module",outcome="error"} 1',
    ]);
  });

  it('keeps the series bounded when 10,000 beacons each name a version of their own', async () => {
    const { post, series } = setUp();
    for (let index = 0; index < 10_000; index++) {
      const load = { app: 'chat', version: `fake-${index}`, stage: 'module', outcome: 'ok', ms: 5 };
      expect(await post(beacon({ loads: [load], errors: [], vitals: [] }))).toBe(204);
    }
    const lines = (await series()).filter((line) => line.startsWith('frontend_remote_loads_total'));
    expect(lines).toEqual([
      'frontend_remote_loads_total{remote="chat",version="other",stage="module",outcome="ok"} 10000',
    ]);
  });

  it('answers a flood from one address 429, and never a 5xx', async () => {
    const { post } = setUp();
    const answers = await Promise.all(
      Array.from({ length: 500 }, () => post(beacon(), { address: '203.0.113.9' })),
    );
    expect(answers.filter((status) => status === 204)).toHaveLength(BEACONS_PER_MINUTE);
    expect(answers.filter((status) => status === 429)).toHaveLength(500 - BEACONS_PER_MINUTE);
    // Another client is not held up by it.
    expect(await post(beacon(), { address: '198.51.100.7' })).toBe(204);
  });

  it('answers any body whatever with a 2xx or a 4xx', async () => {
    const { post } = setUp();
    const anything = fc.oneof(
      fc.string({ maxLength: 2_000 }),
      fc.json({ maxDepth: 6 }),
      fc.anything({ maxDepth: 4 }).map((value) => JSON.stringify(value) ?? ''),
      fc
        .record({
          session: fc.string(),
          loads: fc.array(fc.anything()),
          errors: fc.anything(),
          vitals: fc.anything(),
        })
        .map((value) => JSON.stringify(value)),
    );
    await fc.assert(
      fc.asyncProperty(anything, async (body) => {
        const status = await post(body);
        return status === 204 || (status >= 400 && status < 500);
      }),
      { numRuns: 500 },
    );
  });
});
