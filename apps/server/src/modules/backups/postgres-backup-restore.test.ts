import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { seedDemoData } from '../../seed/demo';
import { createPostgresDatabase } from '../../test/test-app';
import { summarizeDatabase } from './database-summary';

/**
 * `npm run backup` and `npm run restore` on PostgreSQL (docs/operations.md#backups): pg_dump's
 * custom format, restored by pg_restore into an empty database only. The server:postgres project
 * runs it; the embedded database's flow is backup-restore.test.ts.
 */

const serverDir = fileURLToPath(new URL('../../..', import.meta.url));
const serverUrl = process.env.TEST_DATABASE_URL;
const onPostgres = process.env.TEST_DB_DRIVER === 'postgres' && Boolean(serverUrl);

function cli(name: 'backup' | 'restore', args: string[], databaseUrl: string) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `src/cli/${name}.ts`, ...args], {
      cwd: serverDir,
      env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: root },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk;
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('close', (code) => resolve({ code, output }));
  });
}

let root: string;
const drops: Array<() => Promise<void>> = [];
async function freshDatabase() {
  const created = await createPostgresDatabase(serverUrl!, 'tableserve_backup');
  drops.push(created.drop);
  return created.url;
}
async function summaryOf(databaseUrl: string) {
  const database = await openDatabase({ databaseUrl, dataDir: root });
  try {
    return await summarizeDatabase(database.db);
  } finally {
    await database.close();
  }
}

describe.skipIf(!onPostgres)('backups of PostgreSQL with pg_dump and pg_restore', () => {
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'tableserve-pg-backup-'));
  });
  afterAll(async () => {
    for (const drop of drops) await drop();
    await rm(root, { recursive: true, force: true });
  });

  it('restores a dump into an empty database only, whole or not at all', async () => {
    const source = await freshDatabase();
    const database = await openDatabase({ databaseUrl: source, dataDir: root });
    await seedDemoData(database.db, { publicUrl: 'http://localhost:0' });
    await database.close();
    const expected = await summaryOf(source);
    expect(expected.restaurants).toBe(1);

    const file = path.join(root, 'demo.dump');
    const backup = await cli('backup', [file], source);
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toContain(`Backed up PostgreSQL with pg_dump to ${file}`);

    // A database that holds tables is refused: pg_restore would mix the two.
    const overSource = await cli('restore', [file], source);
    expect(overSource.code).toBe(1);
    expect(overSource.output).toMatch(/The database of DATABASE_URL already holds \d+ tables\./);

    const target = await freshDatabase();
    const restore = await cli('restore', [file], target);
    expect(restore.code, restore.output).toBe(0);
    expect(restore.output).toContain(`orders:      ${expected.orders}\n`);
    expect(await summaryOf(target)).toEqual(expected);

    // A dump cut short fails, and leaves its target empty (one transaction).
    const truncated = path.join(root, 'truncated.dump');
    const whole = await readFile(file);
    await writeFile(truncated, whole.subarray(0, Math.floor(whole.length / 2)));
    const empty = await freshDatabase();
    const cut = await cli('restore', [truncated], empty);
    expect(cut.code).toBe(1);
    expect(cut.output).toContain('pg_restore failed');
    const again = await cli('restore', [file], empty);
    expect(again.code, again.output).toBe(0);
  }, 180_000);
});
