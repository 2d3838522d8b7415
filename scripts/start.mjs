#!/usr/bin/env node
// `npm start`: builds only what is missing or out of date (scripts/build.mjs), says so in one
// line, then runs the production server, node apps/server/dist/server.js
// (docs/decisions/021-production-build.md).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { constants } from 'node:os';
import path from 'node:path';
import { ensureBuilt, repositoryRoot, sayBuilding, sayWaiting, summary } from './build.mjs';
import { serverEnvironment, serverNodeArgs } from './server-launch.mjs';

let result;
try {
  result = await ensureBuilt({ onWait: sayWaiting, onBuild: sayBuilding });
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
console.log(summary(result.decisions, result.seconds));

// The server reads the same file (real variables win); read here too, Node's flags depend on it.
const envFile = path.join(repositoryRoot, '.env');
if (existsSync(envFile)) process.loadEnvFile(envFile);
const serverEntry = path.join(repositoryRoot, 'apps/server/dist/server.js');
const server = spawn(process.execPath, [...serverNodeArgs(process.env), serverEntry], {
  cwd: repositoryRoot,
  stdio: 'inherit',
  env: serverEnvironment(process.env),
});
// A service manager stops `npm start` by signal: the server gets it and shuts down gracefully.
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? 128 + (constants.signals[signal] ?? 0)));
