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
  });
}
