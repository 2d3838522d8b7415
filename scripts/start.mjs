#!/usr/bin/env node
// `npm start`: builds only what is missing or out of date (scripts/build.mjs), says so in one
// line, then runs the production server, node apps/server/dist/server.js
// (docs/decisions/021-production-build.md).
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import path from 'node:path';
import { ensureBuilt, repositoryRoot } from './build.mjs';

/** One line for the operator: what was built and why, or that the build was reused. */
export function summary(decisions, seconds) {
  const built = decisions.filter((decision) => decision.needed);
  const reused = decisions
    .filter((decision) => !decision.needed)
    .map((decision) => `the ${decision.build.name}`);
  if (built.length === 0) return `Reusing the build: ${reused.join(' and ')} unchanged since it was made.`;
  const done = `Built ${built.map((decision) => `the ${decision.build.name} (${decision.reason})`).join(' and ')} in ${seconds.toFixed(1)} s`;
  return reused.length ? `${done}; reusing ${reused.join(' and ')} (unchanged).` : `${done}.`;
}

if (process.argv[1] && import.meta.filename === path.resolve(process.argv[1])) {
  let result;
  try {
    result = await ensureBuilt({
      onWait: (pid) => console.log(`Waiting for the build under way (process ${pid}) to finish…`),
    });
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
}
