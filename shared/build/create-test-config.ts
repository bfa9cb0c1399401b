import { pluginReact } from '@rsbuild/plugin-react';
import { defineConfig } from '@rstest/core';

/** Component tests for every front-end package: a DOM (happy-dom), React, jest-dom matchers. */
export function createTestConfig() {
  return defineConfig({
    plugins: [pluginReact()],
    testEnvironment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    setupFiles: [new URL('../src/testing/setup.ts', import.meta.url).pathname],
    restoreMocks: true,
    // A flow through antd components (a room opened, a dialog confirmed, a reconnect) renders for seconds on a
    // 2-core machine busy with builds beside it: 5 s timed out there (the same tests pass idle in under 2 s).
    // A bound on a stuck test, not a speed target.
    testTimeout: 20_000,
  });
}
