import { configDefaults, defineConfig } from 'vitest/config';

const serverConfig = './apps/server/vitest.config.ts';
/**
 * Resource suites measure the server's own event loop and memory while it carries a burst
 * (docs/performance.md, "Bounded work"): they run in a project of their own, one file at a time,
 * after every other project has finished, so that no other suite shares the cores they measure.
 */
const resourceSuites = 'src/**/*.resource.test.ts';

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
      {
        extends: serverConfig,
        test: {
          name: 'server:pglite',
          root: './apps/server',
          exclude: [...configDefaults.exclude, resourceSuites],
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              extends: serverConfig,
              test: {
                name: 'server:postgres',
                root: './apps/server',
                env: { TEST_DB_DRIVER: 'postgres' },
                exclude: [...configDefaults.exclude, resourceSuites],
              },
            },
          ]
        : []),
      'e2e',
      {
        test: {
          name: 'server:resource',
          root: './apps/server',
          environment: 'node',
          include: [resourceSuites],
          testTimeout: 240_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
