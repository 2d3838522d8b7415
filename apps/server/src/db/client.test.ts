import { readMigrationFiles } from 'drizzle-orm/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '../test/test-app';
import { openDatabase } from './client';

const serverUrl = process.env.TEST_DATABASE_URL;
const migrationsFolder = new URL('../../drizzle', import.meta.url).pathname;

describe.runIf(serverUrl && process.env.TEST_DB_DRIVER === 'postgres')('migrations on PostgreSQL', () => {
  let created: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let observer: pg.Client;
  beforeAll(async () => {
    created = await createPostgresDatabase(serverUrl!, 'tableserve_migrate');
    observer = new pg.Client({ connectionString: created.url });
    await observer.connect();
  });
  afterAll(async () => {
    await observer?.end();
    await created?.drop();
  });

  it('run once, by one of two instances started together, the other waiting for its lock', async () => {
    // Hold the migration lock, as a third instance migrating would.
    await observer.query('select pg_advisory_lock(7262000)');
    const opening = [created.url, created.url].map((databaseUrl) =>
      openDatabase({ databaseUrl, dataDir: '/nonexistent' }),
    );
    const waiting = async () =>
      Number(
        (
          await observer.query(
            `select count(*) as n from pg_locks where locktype = 'advisory' and objid = 7262000 and not granted`,
          )
        ).rows[0].n,
      );
    for (let polls = 0; (await waiting()) < 2; polls++) {
      if (polls > 1000) throw new Error('the instances never waited for the lock');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const tables = await observer.query(`select to_regclass('drizzle.__drizzle_migrations') as t`);
    expect(tables.rows[0].t).toBeNull();
    await observer.query('select pg_advisory_unlock(7262000)');

    const databases = await Promise.all(opening);
    try {
      const applied = await observer.query('select hash from drizzle.__drizzle_migrations');
      const migrations = readMigrationFiles({ migrationsFolder });
      expect(applied.rows.map((row) => row.hash).sort()).toEqual(migrations.map((m) => m.hash).sort());
      for (const database of databases) expect(await database.migrationsBehind()).toBe(0);
      // The lock is released once migrating is done.
      const held = await observer.query(
        `select count(*) as n from pg_locks where locktype = 'advisory' and objid = 7262000`,
      );
      expect(Number(held.rows[0].n)).toBe(0);
    } finally {
      await Promise.all(databases.map((database) => database.close()));
    }
  });
});
