import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['journeys/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 90_000,
    // One Chromium at a time keeps a 2-core machine responsive.
    fileParallelism: false,
  },
});
