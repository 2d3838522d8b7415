import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { type BuildOptions, buildApp } from '../app';
import { type Config, loadConfig } from '../config/config';
import type { OutboxEntry } from '../mail/mailer';

export const TEST_PUBLIC_URL = 'http://tableserve.test';

/** A clock the tests move by hand (renewals, expiry, grace periods). */
export function testClock(start = new Date('2026-03-02T12:00:00Z')) {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance(ms: number) {
      current += ms;
    },
  };
}

/** A new, empty database on the PostgreSQL server of `serverUrl`, and how to drop it. */
export async function createPostgresDatabase(serverUrl: string, prefix = 'tableserve_test') {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/**
 * A fresh database for one test file: in-memory PGlite by default; with TEST_DB_DRIVER=postgres
 * a new database on TEST_DATABASE_URL's server, dropped afterwards.
 */
async function freshDatabaseUrl(): Promise<{ url: string; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_DB_DRIVER !== 'postgres' || !serverUrl)
    return { url: 'memory://', drop: async () => {} };
  return createPostgresDatabase(serverUrl);
}

/** A log destination for BuildOptions.logStream, and the lines written to it, parsed. */
export function logLines() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { stream, lines };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

export async function createTestApp(
  options: { env?: Record<string, string>; config?: Partial<Config>; build?: Omit<BuildOptions, 'now'> } = {},
) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tableserve-test-'));
  const database = await freshDatabaseUrl();
  const clock = testClock();
  const config: Config = {
    ...loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      LOG_LEVEL: 'silent',
      JWT_SECRET: 'test-secret-that-is-at-least-32-characters-long',
      PUBLIC_URL: TEST_PUBLIC_URL,
      // Tests run the lifecycle sweep by hand, after moving the clock.
      SUBSCRIPTION_SWEEP_INTERVAL: '0s',
      ...options.env,
    }),
    // API suites do not depend on a built web app unless they ask for one.
    webDistDir: undefined,
    ...options.config,
  };
  const app: FastifyInstance = await buildApp(config, { ...options.build, now: clock.now });
  const outboxDir = path.join(dataDir, 'outbox');

  async function outbox(): Promise<OutboxEntry[]> {
    const files = (await readdir(outboxDir).catch(() => [])).filter((file) => file.endsWith('.json')).sort();
    return Promise.all(
      files.map(async (file) => JSON.parse(await readFile(path.join(outboxDir, file), 'utf8'))),
    );
  }

  return {
    app,
    clock,
    config,
    dataDir,
    outbox,
    /** Waits for the n-th message to `to` (some mail is sent after the response). */
    async waitForMail(to: string, count = 1): Promise<OutboxEntry> {
      for (let attempt = 0; attempt < 100; attempt++) {
        const messages = (await outbox()).filter((message) => message.to === to);
        if (messages.length >= count) return messages[count - 1]!;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error(`no mail #${count} to ${to}`);
    },
    async close() {
      await app.close();
      await database.drop();
      await rm(dataDir, { recursive: true, force: true, maxRetries: 5 });
    },
  };
}

/** The token query parameter of the first link in a message. */
export function tokenFromMail(message: OutboxEntry): string {
  const link = message.links[0];
  if (!link) throw new Error('message has no link');
  const token = new URL(link).searchParams.get('token');
  if (!token) throw new Error(`link has no token: ${link}`);
  return token;
}

/**
 * The environment of one deployment on the shared test Redis: a REDIS_PREFIX of its own, or every
 * run's sign-ups would add up to a 429 and parallel suites would hear each other's rooms. Instances
 * given the same one are one deployment.
 */
export const onTestRedis = (redisUrl = process.env.TEST_REDIS_URL!) => ({
  env: { REDIS_URL: redisUrl, REDIS_PREFIX: `test-${randomBytes(8).toString('hex')}:` },
});

/**
 * Two instances on one PostgreSQL database and one Redis, as in production, for the suite this is
 * called in (TEST_REDIS_URL; the database must be PostgreSQL: in-memory PGlite cannot be shared).
 */
export function twoInstancesForSuite(): () => { a: TestApp; b: TestApp } {
  let a: TestApp | undefined;
  let b: TestApp | undefined;
  beforeAll(async () => {
    const redis = onTestRedis();
    a = await createTestApp(redis);
    b = await createTestApp({ ...redis, config: { databaseUrl: a.config.databaseUrl } });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });
  return () => ({ a: a!, b: b! });
}
