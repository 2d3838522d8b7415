#!/usr/bin/env node
// `npm test`: every check and every suite, in the order that fails fastest.
// dependency audit → lint → citations → the web app's layers → type-check → build the web app and
// the server bundle (end-to-end journeys drive the real build; process tests run
// apps/server/dist/server.js) → Vitest (contract, scripts, web, server on PGlite and,
// with TEST_DATABASE_URL, on PostgreSQL, then e2e).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM, ensureDebianPackages, NGINX } from './ensure-debian-packages.mjs';

const run = (command, args) => {
  console.log(`\n> ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

// The journeys drive Chromium; the rolling-restart journey puts nginx in front of two servers.
ensureDebianPackages([CHROMIUM, NGINX]);
run('node', ['scripts/audit.mjs']);
run('npm', ['run', 'lint']);
run('node', ['scripts/check-citations.mjs']);
run('node', ['scripts/check-layers.mjs']);
run('npm', ['run', 'typecheck']);
run('npm', ['run', 'build']);
run('node', ['scripts/check-size.mjs', 'apps/web/dist']);

const report = path.join(os.tmpdir(), `tableserve-vitest-${process.pid}.json`);
console.log('\n> vitest run');
const vitest = spawnSync(
  'npx',
  ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
  {
    stdio: 'inherit',
  },
);

// One plain closing line that any CI reader understands.
if (existsSync(report)) {
  const { numPassedTests, numFailedTests, numPendingTests } = JSON.parse(readFileSync(report, 'utf8'));
  rmSync(report);
  console.log(`\nTests: ${numPassedTests} passed, ${numFailedTests} failed, ${numPendingTests} skipped`);
}
process.exit(vitest.status ?? 1);
