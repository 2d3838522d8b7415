import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const serverDir = fileURLToPath(new URL('..', import.meta.url));

type Running = { child: ChildProcess; output: () => string; url: string; exited: Promise<number | null> };

/** Starts the real server process from its sources (the bundle runs the same: scripts/server-bundle.test.mjs), and waits for its banner. */
async function startServer(dataDir: string, env: Record<string, string> = {}): Promise<Running> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'info',
      NODE_ENV: 'development',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr!.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  for (let waited = 0; !output.includes('TableServe is running'); waited += 100) {
    if (waited > 45_000 || child.exitCode !== null) throw new Error(`server did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const port = output.match(/Server listening at http:\/\/127\.0\.0\.1:(\d+)/)?.[1];
  return { child, output: () => output, url: `http://127.0.0.1:${port}`, exited };
}

// The process runs on the embedded database whatever the suite's driver, so one run is enough.
describe.skipIf(process.env.TEST_DB_DRIVER === 'postgres')('the server process', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'tableserve-process-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true, maxRetries: 5 }));

  it('seeds an empty embedded database, drains on SIGTERM, and keeps its data', async () => {
    const first = await startServer(dataDir, { SHUTDOWN_DELAY: '5s' });
    expect(first.output()).toContain('Demo data created on this empty database:');
    expect(first.output()).toContain('Owner login: demo@tableserve.app / demo-password');
    expect(first.output()).toMatch(/Diner menu: {2}http:\/\/localhost:0\/menu-display\?token=/);
    expect(await (await fetch(`${first.url}/api/v1/health`)).json()).toEqual({
      status: 'ok',
      database: 'up',
    });

    // Request lines are written in batches; a quiet server's still reach the log while it runs.
    for (let waited = 0; !first.output().includes('"url":"/api/v1/health"'); waited += 50) {
      if (waited > 10_000) throw new Error(`the request line never reached the log:\n${first.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }

    first.child.kill('SIGTERM');
    // Draining (SHUTDOWN_DELAY): not ready, and still serving until the listener closes. A
    // request in flight when it closes is finished too (shutdown.test.ts).
    for (let waited = 0; (await fetch(`${first.url}/health/ready`)).status !== 503; waited += 10) {
      if (waited > 10_000) throw new Error('the server never reported draining');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const login = await fetch(`${first.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'demo@tableserve.app', password: 'demo-password' }),
    });
    expect(login.status).toBe(200);
    expect(await first.exited).toBe(0);
    // One JSON line per request, written when answered, with its request id.
    const logged = first
      .output()
      .split('\n')
      .filter((line) => line.includes('"msg":"request"') && line.includes('"url":"/api/v1/auth/login"'));
    expect(logged).toHaveLength(1);
    expect(JSON.parse(logged[0]!)).toMatchObject({
      reqId: login.headers.get('x-request-id'),
      method: 'POST',
      route: '/api/v1/auth/login',
      statusCode: 200,
    });

    const second = await startServer(dataDir);
    expect(second.output()).not.toContain('Demo data created');
    expect(second.output()).toContain('Owner login: demo@tableserve.app / demo-password');
    second.child.kill('SIGINT');
    expect(await second.exited).toBe(0);
  }, 120_000); // two cold starts of a child process: slow on a busy 2-core machine

  it('refuses to start with a bad variable and names it', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: serverDir,
      env: { ...process.env, PORT: 'eighty', DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stderr!.on('data', (chunk) => {
      output += chunk;
    });
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(output).toContain('PORT: ');
  });
});
