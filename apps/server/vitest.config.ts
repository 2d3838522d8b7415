import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Argon2 hashing and migrations make API tests slower than unit tests.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
