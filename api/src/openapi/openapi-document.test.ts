import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { TESTING_TAG } from '../plugins/openapi';
import { type OpenApiDocument, operationOf, servedRoutes } from '../testing/served-routes';
import { createTestApp, type TestApp } from '../testing/test-app';
import { pgliteFromTemplate } from '../testing/test-database';
import { contractDocument, OPENAPI_COMMAND, OPENAPI_FILE } from './contract-app';

describe('the OpenAPI document', () => {
  let t: TestApp;
  let document: OpenApiDocument;

  beforeAll(async () => {
    t = await createTestApp({ env: { ENABLE_TEST_ENDPOINTS: 'true' } });
    document = (await t.app.inject({ url: '/api/openapi.json' })).json();
  });
  afterAll(() => t.close());

  it('in docs/openapi.json is the one the routes declare today', async () => {
    const generated = await contractDocument(await pgliteFromTemplate());
    const committed = readFileSync(OPENAPI_FILE, 'utf8');
    expect(
      committed === generated,
      `docs/openapi.json is not what the routes declare: run \`${OPENAPI_COMMAND}\` and commit it`,
    ).toBe(true);
  });

  it('is served at GET /api/openapi.json, as OpenAPI 3.1 with no server address', async () => {
    const response = await t.app.inject({ url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(document.openapi).toBe('3.1.0');
    expect(document).not.toHaveProperty('servers');
  });

  it('lists every route, with a schema for a success and for every status it declares', () => {
    const routes = servedRoutes(t.app);
    expect(routes.length).toBeGreaterThan(20);
    for (const route of routes) {
      const where = `${route.method} ${route.url}`;
      const responses = operationOf(document, route)?.responses;
      expect(responses, `${where}: missing from the document (no schema?)`).toBeDefined();
      const statuses = Object.keys(responses ?? {});
      expect(
        statuses.some((status) => status.startsWith('2')),
        `${where}: no 2xx answer declared`,
      ).toBe(true);
      for (const [status, answer] of Object.entries(responses ?? {})) {
        // A 204 has no body; any other answer says what its body is.
        if (status === '204') continue;
        const schemas = Object.values(answer.content ?? {}).map((media) => media.schema);
        expect(schemas.length > 0 && schemas.every(Boolean), `${where}: ${status} has no schema`).toBe(true);
      }
    }
  });

  it('tags the test-only routes, which the committed document leaves out', () => {
    const committed: OpenApiDocument = JSON.parse(readFileSync(OPENAPI_FILE, 'utf8'));
    const testing = Object.keys(document.paths).filter((path) => path.startsWith('/api/testing/'));
    expect(testing.length).toBeGreaterThan(0);
    for (const path of testing) {
      for (const operation of Object.values(document.paths[path] ?? {}))
        expect(operation.tags, path).toEqual([TESTING_TAG]);
      expect(committed.paths).not.toHaveProperty(path);
    }
  });
});
