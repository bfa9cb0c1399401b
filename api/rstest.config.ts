import { defineConfig } from '@rstest/core';

export default defineConfig({
  testEnvironment: 'node',
  include: ['src/**/*.test.ts'],
  // @chat/shared ships TypeScript sources: bundle it; everything else loads from node_modules as usual.
  output: { bundleDependencies: ['@chat/shared'] },
  // Building a database and the websocket round trips take longer than unit tests.
  testTimeout: 30_000,
  hookTimeout: 60_000,
  pool: { maxWorkers: 2 },
  // Files in one worker share loaded modules (PGlite's WebAssembly, Fastify): halves the run. Safe because
  // every file builds its own app and database and no module keeps per-test state.
  isolate: false,
});
