import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { CreateBucketCommand, GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { S3Config } from '../../config/config';
import { type Database, openDatabase } from '../../db/client';
import { createTestApp } from '../../test/test-app';
import { verifyBackupArchive } from './backup-archive';
import { directoryTarget, s3Target } from './backup-targets';
import { controlSocketOf } from './control-socket';
import { dumpEmbedded } from './embedded-dump';
import { scheduleBackups } from './server-backups';

let root: string;
let database: Database;
let s3: S3rver;
let s3Config: S3Config;
let s3Client: S3Client;

/** A real pino logger writing into an array, to read what the schedule logged. */
function capturedLog() {
  const lines: Array<{ msg: string; backup?: string }> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()));
      done();
    },
  });
  return { app: { log: pino(stream) } as unknown as Pick<FastifyInstance, 'log'>, lines };
}

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'tableserve-backups-'));
  database = await openDatabase({ databaseUrl: undefined, dataDir: path.join(root, 'data') });
  s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: path.join(root, 's3'),
    configureBuckets: [{ name: 'backups-bucket', configs: [] }],
  });
  const { port } = await s3.run();
  s3Config = {
    bucket: 'backups-bucket',
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${port}`,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    publicUrl: undefined,
  };
  s3Client = new S3Client({
    region: 'us-east-1',
    endpoint: s3Config.endpoint,
    forcePathStyle: true,
    credentials: s3Config.credentials!,
  });
});
afterAll(async () => {
  await database?.close();
  await s3?.close();
  await rm(root, { recursive: true, force: true, maxRetries: 5 });
});

const dump = () => dumpEmbedded(database.pglite!);

describe('scheduled backups', () => {
  it('write to a directory and keep only the newest BACKUP_KEEP, each a whole backup', async () => {
    const dir = path.join(root, 'dir-target');
    const { app, lines } = capturedLog();
    const schedule = scheduleBackups(app, { dump, target: directoryTarget(dir), keep: 1, seconds: 3600 });
    await schedule.runOnce();
    const [first] = await readdir(dir);
    await schedule.runOnce();
    await schedule.stop();

    const kept = await readdir(dir);
    expect(kept).toHaveLength(1);
    expect(kept).not.toContain(first);
    expect(verifyBackupArchive(await readFile(path.join(dir, kept[0]!)), kept[0]!)).toContain('PG_VERSION');
    const written = lines.filter((line) => line.msg === 'scheduled backup written');
    expect(written.map((line) => line.backup)).toEqual([path.join(dir, first!), path.join(dir, kept[0]!)]);
  }, 120_000);

  it('write to the S3 bucket under backups/ and keep only the newest BACKUP_KEEP', async () => {
    const { app } = capturedLog();
    const schedule = scheduleBackups(app, { dump, target: s3Target(s3Config), keep: 1, seconds: 3600 });
    const keys = async () =>
      ((await s3Client.send(new ListObjectsV2Command({ Bucket: 'backups-bucket' }))).Contents ?? []).map(
        (object) => object.Key!,
      );
    await schedule.runOnce();
    const [first] = await keys();
    await schedule.runOnce();
    await schedule.stop();

    const kept = await keys();
    expect(kept).toHaveLength(1);
    expect(kept).not.toContain(first);
    expect(kept[0]).toMatch(/^backups\/tableserve-[\dTZ-]+\.tar\.gz$/);
    const object = await s3Client.send(new GetObjectCommand({ Bucket: 'backups-bucket', Key: kept[0] }));
    const bytes = Buffer.from(await object.Body!.transformToByteArray());
    expect(verifyBackupArchive(bytes, kept[0]!)).toContain('PG_VERSION');
  }, 120_000);

  it('log a failed round and succeed at the next one, without throwing', async () => {
    const { app, lines } = capturedLog();
    const target = s3Target({ ...s3Config, bucket: 'not-created-yet' });
    const schedule = scheduleBackups(app, { dump, target, keep: 3, seconds: 3600 });
    await schedule.runOnce();
    expect(lines.map((line) => line.msg)).toEqual(['scheduled backup failed']);

    await s3Client.send(new CreateBucketCommand({ Bucket: 'not-created-yet' }));
    await schedule.runOnce();
    await schedule.stop();
    expect(lines.map((line) => line.msg)).toEqual(['scheduled backup failed', 'scheduled backup written']);
    expect(await target.list()).toHaveLength(1);
  }, 120_000);

  it('run on their own in a server started with BACKUP_INTERVAL, which serves the control socket', async () => {
    const t = await createTestApp({
      env: { BACKUP_INTERVAL: '1s', BACKUP_KEEP: '2' },
      // The embedded database on disk, in the test's DATA_DIR.
      config: { databaseUrl: undefined },
    });
    const dir = t.config.backup.dir;
    try {
      expect(existsSync(controlSocketOf(t.dataDir))).toBe(true);
      const backups = async () =>
        (await readdir(dir).catch(() => [])).filter((name) => name.endsWith('.tar.gz'));
      while ((await backups()).length === 0) await new Promise((resolve) => setTimeout(resolve, 100));
      const [name] = await backups();
      expect(verifyBackupArchive(await readFile(path.join(dir, name!)), name!)).toContain('PG_VERSION');
    } finally {
      await t.app.close();
    }
    // Closed with the server: nothing left that a later process would mistake for a live one.
    expect(existsSync(controlSocketOf(t.dataDir))).toBe(false);
    expect(existsSync(path.join(t.dataDir, 'pglite.lock'))).toBe(false);
    await t.close();
  }, 180_000);
});
