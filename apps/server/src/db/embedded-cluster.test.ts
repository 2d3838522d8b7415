import { existsSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { createEmbeddedCluster } from './embedded-cluster';

const migrationsFolder = new URL('../../drizzle', import.meta.url).pathname;

describe('the embedded cluster made in a child process', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'tableserve-cluster-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true, maxRetries: 5 }));

  // initdb alone takes about 20 s of WebAssembly on this 2-core machine.
  it('is created and migrated on the first open, which the server then opens as it is', {
    timeout: 180_000,
  }, async () => {
    const database = await openDatabase({ databaseUrl: undefined, dataDir });
    try {
      expect(existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);
      expect(await database.migrationsBehind()).toBe(0);
      expect(await database.ping()).toBe(true);
    } finally {
      await database.close();
    }
  });

  it("fails with the child's own error, naming the directory, and creates nothing", async () => {
    const file = path.join(dataDir, 'not-a-directory');
    writeFileSync(file, '');
    const directory = path.join(file, 'pglite');
    await expect(
      createEmbeddedCluster(directory, { migrationsFolder, startParams: PGlite.defaultStartParams }),
    ).rejects.toThrow(
      new RegExp(`^Creating the embedded database in ${directory} failed \\(exit code 1\\):\\n\\S`),
    );
    expect(existsSync(directory)).toBe(false);
  });
});
