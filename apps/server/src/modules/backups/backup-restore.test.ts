import { type ChildProcess, spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { orderItems, orders } from '../../db/schema';

/**
 * Backups under load (docs/operations.md#backups): the real server process on a PGlite data
 * directory takes orders from several diners at once while `npm run backup` runs; the backup is
 * restored by `npm run restore` into a fresh directory, which must hold every order acknowledged
 * (201) before the backup began, each with all its lines, and no order without them.
 */

const serverDir = fileURLToPath(new URL('../../..', import.meta.url));
/** Diners placing orders at once. */
const WORKERS = 5;
/** A guest diner may place 10 orders a minute: each places 5, then the next diner comes. */
const ORDERS_PER_DINER = 5;

type Line = { menu_item_id: number; quantity: number };
type Acknowledged = { orderId: number; lines: Line[] };
const byItem = (a: Line, b: Line) => a.menu_item_id - b.menu_item_id;

/** Runs a CLI of src/cli/ to its end. */
function cli(name: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `src/cli/${name}.ts`, ...args], {
      cwd: serverDir,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk;
    });
    child.on('close', (code) => resolve({ code, output }));
  });
}

async function call(base: string, method: 'GET' | 'POST', url: string, body?: object, headers = {}) {
  const response = await fetch(`${base}/api/v1${url}`, {
    method,
    headers: { ...(body && { 'content-type': 'application/json' }), ...headers },
    ...(body && { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(20_000),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

// The embedded database's flow; the server:postgres project has the same suites on PostgreSQL,
// whose backups are pg_dump's (postgres-backup-restore.test.ts).
const onPostgres = process.env.TEST_DB_DRIVER === 'postgres';

describe.skipIf(onPostgres)('a backup taken while diners order, restored into a fresh directory', () => {
  let root: string;
  let dataDir: string;
  let server: ChildProcess | undefined;
  let serverExited: Promise<number | null>;
  let output = '';
  const env = () => ({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    // Empty: the embedded database in DATA_DIR/pglite.
    DATABASE_URL: '',
    REDIS_URL: '',
    BACKUP_DIR: path.join(root, 'backups'),
    BACKUP_INTERVAL: '0s',
    LOG_LEVEL: 'info',
    NODE_ENV: 'development',
    JWT_SECRET: 'backup-test-secret-that-is-at-least-32-characters',
    // Each guest diner comes from an address of its own (X-Forwarded-For), clear of per-IP limits.
    TRUST_PROXY: 'true',
    SEED_DEMO: 'true',
    STRIPE_SECRET_KEY: '',
    SMTP_URL: '',
  });

  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'tableserve-backup-'));
    dataDir = path.join(root, 'data');
  });
  afterAll(async () => {
    server?.kill('SIGKILL');
    await serverExited;
    await rm(root, { recursive: true, force: true, maxRetries: 5 });
  });

  it('holds every order acknowledged before the backup began, each whole', async () => {
    server = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: serverDir,
      env: { ...process.env, ...env() },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout!.on('data', (chunk: Buffer) => {
      output += chunk;
    });
    server.stderr!.on('data', (chunk: Buffer) => {
      output += chunk;
    });
    serverExited = new Promise((resolve) => server!.on('exit', (code) => resolve(code)));
    const listening = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/;
    for (let waited = 0; !output.includes('TableServe is running') || !listening.test(output); waited += 50) {
      if (waited > 150_000 || server.exitCode !== null)
        throw new Error(`the server did not start:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const base = `http://127.0.0.1:${output.match(listening)![1]}`;
    const menuToken = output.match(/menu-display\?token=([\w-]+)/)![1]!;
    const menu = (await call(base, 'GET', `/customer/display-menu/${menuToken}`)).body as {
      restaurant: { restaurant_id: number; number_of_tables: number };
      menu: { menu_id: number; option_groups: unknown[] }[];
    };
    const restaurantId = menu.restaurant.restaurant_id;
    // Dishes a cart takes as they are (a required choice would make a random line a 400).
    const menuIds = menu.menu.filter((item) => item.option_groups.length === 0).map((item) => item.menu_id);
    expect(menuIds.length).toBeGreaterThan(3);

    const acknowledged: Acknowledged[] = [];
    let stopped = false;
    let diners = 0;
    async function diner() {
      while (!stopped) {
        diners += 1;
        const ip = `10.77.${Math.floor(diners / 250)}.${(diners % 250) + 1}`;
        const guest = await call(
          base,
          'POST',
          '/customer/create',
          {
            customer_name: `Guest ${diners}`,
            email: `backup-guest-${diners}@example.com`,
            phone_number: '5125550100',
            restaurant_id: restaurantId,
            is_guest: true,
          },
          { 'x-forwarded-for': ip },
        );
        expect(guest.status).toBe(201);
        const auth = { authorization: `Bearer ${guest.body.data.token}`, 'x-forwarded-for': ip };
        for (let placed = 0; placed < ORDERS_PER_DINER && !stopped; placed++) {
          const pool = [...menuIds];
          const lines = Array.from({ length: randomInt(1, 4) }, () => ({
            menu_item_id: pool.splice(randomInt(pool.length), 1)[0]!,
            quantity: randomInt(1, 6),
          }));
          const answer = await call(
            base,
            'POST',
            '/customer/place-order',
            {
              restaurant_id: restaurantId,
              order_items: lines,
              order_type: 'dine-in',
              table_no: randomInt(1, menu.restaurant.number_of_tables + 1),
            },
            auth,
          );
          expect(answer.status, JSON.stringify(answer.body)).toBe(201);
          acknowledged.push({ orderId: answer.body.order_id, lines });
        }
      }
    }
    const until = async (condition: () => boolean) => {
      while (!condition()) await new Promise((resolve) => setTimeout(resolve, 20));
    };
    const diners$ = Array.from({ length: WORKERS }, () => diner());
    const failed = Promise.race(diners$).then(() => {
      throw new Error('a diner stopped');
    });
    // Awaited in the races below; a diner that fails after them fails Promise.all.
    failed.catch(() => undefined);

    // Orders flowing, then the backup, with the diners still ordering all along.
    await Promise.race([until(() => acknowledged.length >= 10), failed]);
    const beforeBackup = [...acknowledged];
    const backupFile = path.join(root, 'under-load.tar.gz');
    const backup = await cli('backup', [backupFile], env());
    const duringBackup = acknowledged.length - beforeBackup.length;
    expect(backup.output).toContain('by the running server');
    expect(backup.code).toBe(0);
    // A little more after it, then the diners stop and the server stops gracefully. Each diner has
    // at most one order in flight, which may have been stored before the copy: one more is after it.
    const afterBackup = acknowledged.length;
    await Promise.race([until(() => acknowledged.length > afterBackup + WORKERS), failed]);
    stopped = true;
    await Promise.all(diners$);
    expect(duringBackup, 'orders acknowledged while the backup ran').toBeGreaterThan(0);

    // Restoring over the running server's database is refused.
    const overRunning = await cli('restore', [backupFile, '--force'], env());
    expect(overRunning.code).toBe(1);
    expect(overRunning.output).toContain(
      `A TableServe server is running on ${dataDir}: stop it before restoring.`,
    );

    server.kill('SIGTERM');
    expect(await serverExited).toBe(0);
    server = undefined;
    expect(existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);

    const fresh = path.join(root, 'restored');
    const restore = await cli('restore', [backupFile, '--data-dir', fresh], env());
    expect(restore.code, restore.output).toBe(0);
    expect(restore.output).toContain(`Restored ${backupFile} into ${path.join(fresh, 'pglite')}.`);

    const database = await openDatabase({ databaseUrl: undefined, dataDir: fresh });
    try {
      const rows = await database.db.select().from(orders);
      const lines = await database.db.select().from(orderItems);
      expect(restore.output).toContain(`orders:      ${rows.length}\n`);
      const linesOf = new Map<number, Line[]>();
      for (const line of lines)
        linesOf.set(line.orderId, [
          ...(linesOf.get(line.orderId) ?? []),
          { menu_item_id: line.menuItemId!, quantity: line.quantity },
        ]);
      // Nothing half-written: every order has its lines, and its total is theirs.
      for (const order of rows) {
        const its = lines.filter((line) => line.orderId === order.id);
        expect(its.length, `order ${order.id} has no lines`).toBeGreaterThan(0);
        expect(order.totalCents).toBe(
          its.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0),
        );
      }
      // Every order acknowledged before the backup began, with exactly the lines it was sent with.
      for (const sent of beforeBackup)
        expect(linesOf.get(sent.orderId)?.sort(byItem), `order ${sent.orderId}`).toEqual(
          [...sent.lines].sort(byItem),
        );
      // And the backup is a moment's copy: it cannot hold every order placed after it.
      expect(rows.length).toBeLessThan(acknowledged.length);
      console.info(
        `backup under load: ${beforeBackup.length} orders acknowledged before it, ${duringBackup} while it ran, ` +
          `${acknowledged.length} in all; the restored copy holds ${rows.length}`,
      );
    } finally {
      await database.close();
    }

    // A directory that already holds a database is refused, and left as it was.
    const again = await cli('restore', [backupFile, '--data-dir', fresh], env());
    expect(again.code).toBe(1);
    expect(again.output).toContain(
      `${path.join(fresh, 'pglite')} already holds a database. Restore into another directory (--data-dir), or add --force to move this one aside first.`,
    );
    // --force moves it aside, never deletes it.
    const forced = await cli('restore', [backupFile, '--data-dir', fresh, '--force'], env());
    expect(forced.code, forced.output).toBe(0);
    const aside = (await readdir(fresh)).filter((name) => name.startsWith('pglite.before-restore-'));
    expect(aside).toHaveLength(1);
    expect(forced.output).toContain(`The database that was there is now ${path.join(fresh, aside[0]!)}.`);
    expect(existsSync(path.join(fresh, aside[0]!, 'PG_VERSION'))).toBe(true);

    // A backup cut short is refused with a plain message, before anything is touched.
    const whole = await readFile(backupFile);
    const truncated = path.join(root, 'truncated.tar.gz');
    await writeFile(truncated, whole.subarray(0, Math.floor(whole.length / 2)));
    const cut = await cli('restore', [truncated, '--data-dir', path.join(root, 'never')], env());
    expect(cut.code).toBe(1);
    expect(cut.output.trim()).toBe(
      `${truncated} is not a usable backup: it is truncated or corrupt (unexpected end of file).`,
    );
    expect(existsSync(path.join(root, 'never'))).toBe(false);
  }, 360_000); // a stop for a hang: a run takes about a minute alone, three on a loaded machine
});
