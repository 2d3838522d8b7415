import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

describe('GET /health/live and /health/ready', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const ready = () => t.app.inject({ method: 'GET', url: '/health/ready' });

  it('are live and ready on a migrated database', async () => {
    const live = await t.app.inject({ method: 'GET', url: '/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const response = await ready();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ready',
      failing: [],
      database: 'up',
      migrations_behind: 0,
      draining: false,
    });
  });

  it('is not ready while draining, and still live', async () => {
    t.app.lifecycle.draining = true;
    try {
      const response = await ready();
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ status: 'not_ready', failing: ['draining'], draining: true });
      expect(response.headers.connection).toBe('close');
      expect((await t.app.inject({ method: 'GET', url: '/health/live' })).statusCode).toBe(200);
    } finally {
      t.app.lifecycle.draining = false;
    }
    expect((await ready()).statusCode).toBe(200);
  });

  it('is not ready when the database lacks a migration of this build', async () => {
    const { db } = t.app.database;
    const removed = await db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations) returning hash, created_at`,
    );
    const row = (removed as unknown as { rows: Array<{ hash: string; created_at: string }> }).rows[0]!;
    try {
      const response = await ready();
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({
        failing: ['migrations'],
        migrations_behind: 1,
        database: 'up',
      });
    } finally {
      await db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${row.hash}, ${row.created_at})`,
      );
    }
    expect((await ready()).statusCode).toBe(200);
  });

  // Last: the database stays closed.
  it('is not ready when the database does not answer', async () => {
    await t.app.database.close();
    const response = await ready();
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ status: 'not_ready', failing: ['database'], database: 'down' });
    expect((await t.app.inject({ method: 'GET', url: '/health/live' })).statusCode).toBe(200);
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('GET /health/ready with Redis', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { REDIS_URL: process.env.TEST_REDIS_URL! } });
  });
  afterAll(() => t?.close());

  it('names Redis among what it checked', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/health/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ready', redis: 'up' });
  });
});
