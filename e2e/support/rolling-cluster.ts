import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { repositoryRoot } from '@tableserve/server/config';
import { openDatabase } from '@tableserve/server/db';
import { seedDemoData } from '@tableserve/server/seed';
import pg from 'pg';
import { createPostgresDatabase } from '../../apps/server/src/test/test-app';
import { freePort } from './harness';

/**
 * Production as docs/operations.md#two-instances-behind-nginx describes it, on this machine: a
 * PostgreSQL database of its own, the shared Redis, two server processes and nginx from
 * deploy/nginx/tableserve.conf in front of them.
 */

export const NGINX_PATH = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

/** A process's output, kept for the error that names why it failed. */
function captured(child: ChildProcess) {
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return () => output;
}

/** Polls `url` until it answers 200; fails at once if the process behind it exits. */
async function waitFor200(url: string, child: ChildProcess, output: () => string, what: string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`${what} exited (${child.exitCode ?? child.signalCode}):\n${output()}`);
    const status = await fetch(url, { signal: AbortSignal.timeout(2000) }).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return;
    await sleep(100);
  }
  throw new Error(`${what}: ${url} did not answer 200 within 60 s:\n${output()}`);
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve(child.exitCode ?? child.signalCode)
    : new Promise<number | string | null>((resolve) =>
        child.once('exit', (code, signal) => resolve(code ?? signal)),
      );

/** The one command that runs a server instance: the production bundle `npm test` builds first. */
function serverCommand(): [string, string[]] {
  return [process.execPath, ['apps/server/dist/server.js']];
}

/** Ready: database, Redis and migrations good, not draining (docs/operations.md#health-and-metrics). */
const readyPath = '/health/ready';

/** A server instance on its own port, started and stopped as systemd does: SIGTERM, then wait. */
export function serverInstance(name: string, port: number, env: Record<string, string>) {
  let child: ChildProcess | undefined;
  let output = () => '';
  return {
    name,
    port,
    async start() {
      const [command, args] = serverCommand();
      child = spawn(command, args, {
        cwd: repositoryRoot,
        env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      output = captured(child);
      await waitFor200(`http://127.0.0.1:${port}${readyPath}`, child, output, `instance ${name}`);
    },
    /** SIGTERM, and the exit code once the process has exited (0: a clean shutdown). */
    async stop(): Promise<number | string | null> {
      if (!child) return null;
      const done = exited(child);
      child.kill('SIGTERM');
      return done;
    },
    output: () => output(),
  };
}

export type ServerInstance = ReturnType<typeof serverInstance>;

/**
 * deploy/nginx/tableserve.conf with this run's ports and paths. The file itself is the reference;
 * each value replaced must be there exactly once, so a changed file fails here rather than
 * silently testing something else.
 */
export async function renderNginxConfig(values: {
  instancePorts: [number, number];
  proxyPort: number;
  cacheDir: string;
}) {
  let text = await readFile(path.join(repositoryRoot, 'deploy/nginx/tableserve.conf'), 'utf8');
  const replacements: [string, string][] = [
    ['server 127.0.0.1:3001 ', `server 127.0.0.1:${values.instancePorts[0]} `],
    ['server 127.0.0.1:3002 ', `server 127.0.0.1:${values.instancePorts[1]} `],
    ['listen 80;', `listen 127.0.0.1:${values.proxyPort};`],
    ['/var/cache/nginx/tableserve', values.cacheDir],
  ];
  for (const [from, to] of replacements) {
    const count = text.split(from).length - 1;
    if (count !== 1) throw new Error(`deploy/nginx/tableserve.conf: expected "${from}" once, found ${count}`);
    text = text.replace(from, to);
  }
  return text;
}

/**
 * nginx in the foreground, as a child of the test, from a prefix directory of its own: the
 * http block Debian's nginx.conf would give (its temp paths and logs in the prefix) around the
 * rendered reference configuration. The access log names the upstream of every request, and each
 * attempt's status when nginx tried both instances.
 */
export async function startNginx(options: { instancePorts: [number, number]; proxyPort: number }) {
  const prefix = await mkdtemp(path.join(os.tmpdir(), 'tableserve-nginx-'));
  for (const dir of ['cache', 'temp']) await mkdir(path.join(prefix, dir));
  const site = await renderNginxConfig({ ...options, cacheDir: path.join(prefix, 'cache') });
  await writeFile(path.join(prefix, 'tableserve.conf'), site);
  const isRoot = process.getuid?.() === 0;
  await writeFile(
    path.join(prefix, 'nginx.conf'),
    [
      // Workers run as nginx's unprivileged user unless told otherwise; the prefix is the test's.
      isRoot ? 'user root;' : '',
      'worker_processes 1;',
      `error_log ${prefix}/error.log warn;`,
      'events { worker_connections 1024; }',
      'http {',
      `  log_format upstreams '$remote_addr $request_method $uri $status [$upstream_addr] [$upstream_status]';`,
      `  access_log ${prefix}/access.log upstreams;`,
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
        (kind) => `  ${kind}_temp_path ${prefix}/temp/${kind};`,
      ),
      `  include ${prefix}/tableserve.conf;`,
      '}',
    ].join('\n'),
  );
  const child = spawn(
    NGINX_PATH,
    ['-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-g', `daemon off; pid ${prefix}/nginx.pid;`],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const output = captured(child);
  const url = `http://127.0.0.1:${options.proxyPort}`;
  await waitFor200(`${url}${readyPath}`, child, output, 'nginx');
  return {
    url,
    /** Every request nginx logged: its status, and each upstream attempt's address and status. */
    async accessLog() {
      const text = await readFile(path.join(prefix, 'access.log'), 'utf8');
      return text
        .trim()
        .split('\n')
        .map((line) => {
          const [, method = '', uri = '', status = '', upstreams = '', statuses = ''] =
            /^\S+ (\S+) (\S+) (\d+) \[(.*)\] \[(.*)\]$/.exec(line) ?? [];
          return { method, uri, status: Number(status), upstreams, statuses };
        });
    },
    /** The kinds of error nginx logged (addresses, times and ids left out), and how often each. */
    async errorKinds() {
      const text = await readFile(path.join(prefix, 'error.log'), 'utf8').catch(() => '');
      const counts: Record<string, number> = {};
      for (const line of text.split('\n').filter(Boolean)) {
        const kind = line
          .replace(/^\S+ \S+ \[(\w+)\] \d+#\d+: \*?\d* ?/, '$1: ')
          .replace(/, client: .*$/, '')
          .replace(/\d+\.\d+\.\d+\.\d+(:\d+)?/g, '<address>');
        counts[kind] = (counts[kind] ?? 0) + 1;
      }
      return counts;
    },
    async stop() {
      const done = exited(child);
      child.kill('SIGTERM');
      await done;
      await rm(prefix, { recursive: true, force: true });
    },
  };
}

/**
 * A new PostgreSQL database with the schema and the demo restaurant (an active subscription and a
 * full menu), its owner under an address of this run.
 *
 * Every table's ids start at a random offset: the shared Redis carries every test's Socket.IO
 * rooms (staff:<restaurant id>) and rate-limit counters (place-order:<customer id>:…) under the
 * same names, and a fresh database would otherwise hand out the same ids as every other run.
 */
export async function createRollingDatabase(serverUrl: string, ownerEmail: string) {
  const database = await createPostgresDatabase(serverUrl, 'tableserve_rolling');
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tableserve-rolling-seed-'));
  const opened = await openDatabase({ databaseUrl: database.url, dataDir });
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const offset = 1_000_000 + Math.floor(Math.random() * 1_000_000_000);
    const { rows } = await client.query<{ name: string }>(
      `select quote_ident(sequence_schema) || '.' || quote_ident(sequence_name) as name
         from information_schema.sequences where sequence_schema = 'public'`,
    );
    for (const { name } of rows) await client.query(`alter sequence ${name} restart with ${offset}`);
    const demo = await seedDemoData(opened.db, { publicUrl: 'http://tableserve.test' });
    if (!demo) throw new Error('the demo restaurant was not seeded');
    await client.query('update users set email = $1 where email = $2', [ownerEmail, demo.email]);
    const restaurant = await client.query<{ id: number; token: string }>(
      'select id, token from restaurants limit 1',
    );
    // Dishes without option groups, which an order names by id alone.
    const items = await client.query<{ id: number }>(
      `select id from menu_items where restaurant_id = $1 and option_groups = '[]'::jsonb order by id`,
      [restaurant.rows[0]!.id],
    );
    return {
      url: database.url,
      restaurantId: restaurant.rows[0]!.id,
      menuToken: restaurant.rows[0]!.token,
      plainItemIds: items.rows.map((item) => item.id),
      owner: { email: ownerEmail, password: demo.password },
      /** Runs a query on the database (the test's own checks). */
      query: <Row extends pg.QueryResultRow>(text: string, values?: unknown[]) =>
        client.query<Row>(text, values).then((result) => result.rows),
      async drop() {
        await client.end();
        await database.drop();
      },
    };
  } catch (error) {
    await client.end();
    await database.drop();
    throw error;
  } finally {
    await opened.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

export { freePort };
