#!/usr/bin/env node
// `npm start`: builds only what is missing or out of date (scripts/build.mjs), says so in one
// line, then runs the production server, node apps/server/dist/server.js
// (docs/decisions/021-production-build.md).
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import path from 'node:path';
import { ensureBuilt, repositoryRoot, sayBuilding, sayWaiting, summary } from './build.mjs';

let result;
try {
  result = await ensureBuilt({ onWait: sayWaiting, onBuild: sayBuilding });
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
console.log(summary(result.decisions, result.seconds));

const server = spawn(process.execPath, [path.join(repositoryRoot, 'apps/server/dist/server.js')], {
  cwd: repositoryRoot,
  stdio: 'inherit',
});
// A service manager stops `npm start` by signal: the server gets it and shuts down gracefully.
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? 128 + (constants.signals[signal] ?? 0)));
