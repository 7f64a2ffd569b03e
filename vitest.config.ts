import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Most files wait on servers, child processes and a browser more than they compute: two at a
    // time keep both cores of a CI machine busy (the default leaves one of two idle).
    maxWorkers: 2,
    globalSetup: ['test/support/shared-data.ts'],
  },
});
