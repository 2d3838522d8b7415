import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { decide, ensureBuilt } from './build.mjs';
import { withBuildLock } from './build-lock.mjs';

/**
 * A build like the real ones, in a throwaway checkout: it reads src/ and VITE_* variables, and
 * writes out/ (one line more in out/runs.log each time it runs, so a test counts the runs).
 * With a `gate` file named, it waits for that file before finishing.
 */
const buildIn = (gate) => ({
  name: 'test app',
  inputs: ['src', 'config.json'],
  env: /^VITE_/,
  stamp: 'out/stamp.json',
  command: [
    process.execPath,
    '-e',
    `const fs = require('node:fs');
     fs.mkdirSync('out', { recursive: true });
     fs.appendFileSync('out/runs.log', 'built\\n');
     const gate = ${JSON.stringify(gate ?? null)};
     const wait = () => (gate && !fs.existsSync(gate) ? setTimeout(wait, 20) : undefined);
     wait();`,
  ],
});

let root;
beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'tableserve-build-'));
  mkdirSync(path.join(root, 'src/nested'), { recursive: true });
  writeFileSync(path.join(root, 'src/main.ts'), 'export const a = 1;\n');
  writeFileSync(path.join(root, 'src/nested/part.ts'), 'export const b = 2;\n');
  writeFileSync(path.join(root, 'config.json'), '{}\n');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const runs = () => readFileSync(path.join(root, 'out/runs.log'), 'utf8').split('\n').filter(Boolean).length;
const ensure = (options = {}) =>
  ensureBuilt({ list: [buildIn()], root, lockDir: path.join(root, 'build.lock'), ...options });

describe('the build decision', () => {
  it('builds when there is no build, then reuses it while its sources are unchanged', async () => {
    expect(decide(buildIn(), { root, env: process.env })).toMatchObject({
      needed: true,
      reason: 'no build yet',
    });
    const first = await ensure();
    expect(first.decisions[0]).toMatchObject({ needed: true, reason: 'no build yet' });
    expect(runs()).toBe(1);

    const second = await ensure();
    expect(second.decisions[0]).toMatchObject({ needed: false, reason: 'unchanged' });
    expect(runs()).toBe(1);
  });

  it('rebuilds when a source file changes, is added or is removed, naming the first of them', async () => {
    await ensure();
    writeFileSync(path.join(root, 'src/nested/part.ts'), 'export const b = 3;\n');
    expect(decide(buildIn(), { root, env: process.env }).reason).toBe('src/nested/part.ts changed');
    await ensure();
    expect(runs()).toBe(2);

    writeFileSync(path.join(root, 'src/added.ts'), '');
    rmSync(path.join(root, 'src/main.ts'));
    expect(decide(buildIn(), { root, env: process.env }).reason).toBe('src/added.ts changed and 1 more');
  });

  it('rebuilds when a variable the build reads changes, not for a test file or another variable', async () => {
    await ensure();
    writeFileSync(path.join(root, 'src/main.test.ts'), 'a test');
    expect(decide(buildIn(), { root, env: { ...process.env, PATH: 'elsewhere' } }).needed).toBe(false);
    expect(decide(buildIn(), { root, env: { ...process.env, VITE_KEY: 'pk_test' } })).toMatchObject({
      needed: true,
      reason: 'env:VITE_KEY changed',
    });
  });

  it('rebuilds a build that lacks one of its outputs, naming it', async () => {
    const withEntry = { ...buildIn(), outputs: ['out/runs.log', 'out/entry.js'] };
    await ensureBuilt({ list: [withEntry], root, lockDir: path.join(root, 'build.lock') });
    expect(decide(withEntry, { root, env: process.env })).toMatchObject({
      needed: true,
      reason: 'out/entry.js is missing',
    });
    writeFileSync(path.join(root, 'out/entry.js'), '');
    expect(decide(withEntry, { root, env: process.env }).needed).toBe(false);
  });

  it('rebuilds a build that was stopped half-way (no stamp), and any build when forced', async () => {
    await ensure();
    rmSync(path.join(root, 'out/stamp.json'));
    expect(decide(buildIn(), { root, env: process.env }).reason).toBe('no build yet');
    await ensure();
    const told = [];
    const forced = await ensure({ force: true, onBuild: (decisions) => told.push(decisions.length) });
    expect(told).toEqual([1]);
    expect(forced.decisions[0]).toMatchObject({ needed: true, reason: 'forced' });
    expect(runs()).toBe(3);
  });

  it('fails with the build command when it fails, and leaves no stamp', async () => {
    const failing = { ...buildIn(), command: [process.execPath, '-e', 'process.exit(3)'] };
    await expect(ensure({ list: [failing] })).rejects.toThrow(/the test app build failed .*exit code 3/);
    expect(existsSync(path.join(root, 'out/stamp.json'))).toBe(false);
    expect(existsSync(path.join(root, 'build.lock'))).toBe(false);
  });
});

describe('the build lock', () => {
  it('runs one holder at a time: the second waits, told who holds it', async () => {
    const lockDir = path.join(root, 'build.lock');
    let release;
    const order = [];
    const first = withBuildLock(lockDir, async () => {
      order.push('first runs');
      await new Promise((resolve) => {
        release = resolve;
      });
      order.push('first done');
    });
    let waitingFor;
    const toldToWait = new Promise((resolve) => {
      waitingFor = resolve;
    });
    const second = withBuildLock(lockDir, () => order.push('second runs'), { onWait: waitingFor, pollMs: 5 });
    expect(await toldToWait).toBe(process.pid);
    expect(order).toEqual(['first runs']);
    release();
    await Promise.all([first, second]);
    expect(order).toEqual(['first runs', 'first done', 'second runs']);
    expect(existsSync(lockDir)).toBe(false);
  });

  it('breaks the lock of a process that died holding it', async () => {
    const lockDir = path.join(root, 'build.lock');
    const dead = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => dead.on('exit', resolve));
    mkdirSync(lockDir);
    writeFileSync(path.join(lockDir, 'owner.json'), JSON.stringify({ pid: dead.pid, token: 'crashed' }));
    const waited = [];
    expect(await withBuildLock(lockDir, () => 'ran', { onWait: (pid) => waited.push(pid) })).toBe('ran');
    expect(waited).toEqual([]);
    expect(existsSync(lockDir)).toBe(false);
  });

  it('lets one of two processes started at once build; the other waits and reuses that build', async () => {
    const gate = path.join(root, 'gate');
    const started = (name) => {
      const script = `
        import { ensureBuilt, sayWaiting, summary } from ${JSON.stringify(path.join(import.meta.dirname, 'build.mjs'))};
        const build = ${JSON.stringify(buildIn(gate))};
        build.env = /^VITE_/;
        const { decisions, seconds } = await ensureBuilt({
          list: [build], root: ${JSON.stringify(root)}, lockDir: ${JSON.stringify(path.join(root, 'build.lock'))},
          onWait: sayWaiting,
        });
        console.log(summary(decisions, seconds));`;
      const child = spawn(process.execPath, ['--input-type=module', '-e', script], { cwd: root });
      const result = { name, output: '', exit: new Promise((resolve) => child.on('exit', resolve)) };
      child.stdout.on('data', (chunk) => {
        result.output += chunk;
      });
      child.stderr.on('data', (chunk) => {
        result.output += chunk;
      });
      return result;
    };
    const a = started('a');
    const b = started('b');
    // Whichever got the lock builds until the gate opens; the gate opens once the other waits.
    while (!/Waiting for the build under way \(process \d+\)/.test(a.output + b.output)) {
      expect(a.output + b.output).not.toMatch(/Error/);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    writeFileSync(gate, '');
    expect(await a.exit).toBe(0);
    expect(await b.exit).toBe(0);
    expect(runs()).toBe(1);
    const [builder, waiter] = a.output.includes('Waiting') ? [b, a] : [a, b];
    expect(builder.output).toMatch(/^Built the test app \(no build yet\) in \d+\.\d s\.$/m);
    expect(waiter.output).toMatch(/^Reusing the build: the test app unchanged since it was made\.$/m);
  });
});
