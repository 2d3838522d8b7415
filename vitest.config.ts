import { defineConfig } from 'vitest/config';

const serverConfig = './apps/server/vitest.config.ts';

/**
 * Every test suite of the repository, run by `npm test` (scripts/test.mjs). The server's API
 * suite runs on in-memory PGlite, and once more on real PostgreSQL when TEST_DATABASE_URL is set.
 */
export default defineConfig({
  test: {
    projects: [
      'packages/contract',
      // The repository's own check scripts (scripts/*.mjs).
      { test: { name: 'scripts', include: ['scripts/**/*.test.mjs'] } },
      'apps/web',
      { extends: serverConfig, test: { name: 'server:pglite', root: './apps/server' } },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              extends: serverConfig,
              test: { name: 'server:postgres', root: './apps/server', env: { TEST_DB_DRIVER: 'postgres' } },
            },
          ]
        : []),
      'e2e',
    ],
  },
});
