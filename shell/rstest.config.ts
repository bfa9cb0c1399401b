import { createTestConfig } from '@chat/shared/build';
import { defineConfig } from '@rstest/core';

const base = createTestConfig();

// The shell's server pieces (server/: the health beacon's endpoint) are tested beside its page's code.
export default defineConfig({ ...base, include: [...(base.include ?? []), 'server/**/*.test.ts'] });
