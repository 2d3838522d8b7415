#!/usr/bin/env node
// The production build (docs/decisions/021-production-build.md): the web app (apps/web/dist)
// and the server bundle (apps/server/dist). Each build writes a stamp into its output: a content
// fingerprint of every file it reads. `npm start` (scripts/start.mjs) builds only what is missing
// or whose sources changed since; `npm run build` (this file run directly) builds both.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseEnv } from 'node:util';
import { withBuildLock } from './build-lock.mjs';

export const repositoryRoot = fileURLToPath(new URL('..', import.meta.url));

/** What both builds read: the installed packages (package-lock.json stands for node_modules),
 * the shared TypeScript settings and the contract package. */
const shared = [
  'package-lock.json',
  'tsconfig.base.json',
  'packages/contract/src',
  'packages/contract/package.json',
];

/**
 * @typedef {{ name: string, inputs: string[], env: RegExp | undefined, stamp: string, outputs?: string[], command: string[] }} Build
 * inputs: files and folders (relative to the repository root) the build reads; env: the variables
 * it reads; stamp: where it records what it was built from; outputs: files it must leave, beside
 * the stamp (a build from before they existed has a stamp without them).
 */

/** @type {Build[]} */
export const builds = [
  {
    name: 'web app',
    // Vite reads the VITE_* variables, and apps/web/.env* files, into the code it builds.
    inputs: [
      ...shared,
      'apps/web/src',
      'apps/web/public',
      'apps/web/build',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/tsconfig.json',
      'apps/web/package.json',
      'apps/web/.env',
      'apps/web/.env.production',
      'apps/web/.env.local',
      'apps/web/.env.production.local',
    ],
    env: /^VITE_/,
    // Written after the build (which may empty dist/); a dotfile, which the server does not serve.
    stamp: 'apps/web/dist/.build-stamp.json',
    // The server's entry, which paints the menu, landing and login pages (apps/web/build/server-entry.ts).
    outputs: ['apps/web/dist/.ssr/entry-server.js'],
    command: ['npm', 'run', 'build', '-w', 'apps/web'],
  },
  {
    name: 'server',
    inputs: [...shared, 'apps/server/src', 'apps/server/build.mjs', 'apps/server/package.json'],
    env: undefined,
    stamp: 'apps/server/dist/build-stamp.json',
    // What `npm run build -w apps/server` runs, without npm's own start-up.
    command: [process.execPath, 'apps/server/build.mjs'],
  },
];

/** Tests are never part of a build: editing one rebuilds nothing. */
const isBuildInput = (name) => !/\.test\.[cm]?[jt]sx?$/.test(name);

function filesUnder(root, relative) {
  const absolute = path.join(root, relative);
  if (!existsSync(absolute)) return [];
  if (!statSync(absolute).isDirectory()) return [relative];
  return readdirSync(absolute, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && isBuildInput(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

const sha256 = (data) => createHash('sha256').update(data).digest('hex');

/**
 * What a build reads, each input with the hash of its content: files by their path, variables
 * as `env:NAME`. `fingerprint` sums them up.
 */
export function sourcesOf(build, { root = repositoryRoot, env = process.env } = {}) {
  /** @type {Record<string, string>} */
  const files = {};
  for (const file of build.inputs.flatMap((input) => filesUnder(root, input)).sort()) {
    files[file.split(path.sep).join('/')] = sha256(readFileSync(path.join(root, file)));
  }
  if (build.env) {
    for (const name of Object.keys(env)
      .filter((name) => build.env?.test(name))
      .sort()) {
      files[`env:${name}`] = sha256(env[name] ?? '');
    }
  }
  const fingerprint = sha256(
    Object.entries(files)
      .map(([file, hash]) => `${hash} ${file}\n`)
      .join(''),
  );
  return { fingerprint, files };
}

function readStamp(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** What differs between a stamp's inputs and today's, for the reason given to the operator. */
function changedInputs(before, now) {
  const names = new Set([...Object.keys(before), ...Object.keys(now)]);
  return [...names].filter((name) => before[name] !== now[name]).sort();
}

/**
 * Whether `build` must run, and why: no build yet, or which of its inputs changed since the
 * build in its output was made.
 * @returns {{ build: Build, needed: boolean, reason: string, sources: ReturnType<typeof sourcesOf> }}
 */
export function decide(build, { root = repositoryRoot, env = process.env } = {}) {
  const sources = sourcesOf(build, { root, env });
  const stamp = readStamp(path.join(root, build.stamp));
  if (!stamp) return { build, needed: true, reason: 'no build yet', sources };
  const missing = build.outputs?.find((output) => !existsSync(path.join(root, output)));
  if (missing) return { build, needed: true, reason: `${missing} is missing`, sources };
  if (stamp.fingerprint === sources.fingerprint)
    return { build, needed: false, reason: 'unchanged', sources };
  const changed = changedInputs(stamp.files ?? {}, sources.files);
  const more = changed.length > 1 ? ` and ${changed.length - 1} more` : '';
  return { build, needed: true, reason: `${changed[0] ?? 'its inputs'} changed${more}`, sources };
}

/** Records what `build` was made from; written last, so a build stopped half-way has no stamp. */
export function writeStamp(build, sources, { root = repositoryRoot } = {}) {
  writeFileSync(
    path.join(root, build.stamp),
    `${JSON.stringify({ builtAt: new Date().toISOString(), ...sources }, null, 2)}\n`,
  );
}

/**
 * The environment of the builds: the root .env under the real environment, as the server reads
 * it (apps/server/src/server.ts), so that a VITE_* variable set in .env reaches the web build.
 */
export function buildEnvironment(root = repositoryRoot) {
  const envFile = path.join(root, '.env');
  const fromFile = existsSync(envFile) ? parseEnv(readFileSync(envFile, 'utf8')) : {};
  return { ...fromFile, ...process.env };
}

function run(build, { root, env, stdio }) {
  const [command, ...args] = build.command;
  const result = spawnSync(command, args, { cwd: root, env, stdio, encoding: 'utf8', maxBuffer: 64 << 20 });
  if (result.status === 0) return;
  if (stdio === 'pipe') process.stderr.write(`${result.stdout ?? ''}${result.stderr ?? ''}`);
  throw new Error(
    `the ${build.name} build failed (${build.command.join(' ')}): ${result.error?.message ?? `exit code ${result.status}`}`,
  );
}

/**
 * Builds what is missing or out of date (everything with `force`), one process at a time per
 * checkout: a second caller waits for the first, then finds its build fresh and reuses it.
 * `stdio` 'pipe' keeps the builds' own output for when one fails; `onBuild` is told what is about
 * to be built, before it starts.
 * @returns {Promise<{ decisions: ReturnType<typeof decide>[], seconds: number }>} each build's
 * decision, as taken under the lock when something was to be built.
 */
export async function ensureBuilt({
  force = false,
  stdio = 'pipe',
  onWait = () => {},
  onBuild = () => {},
  list = builds,
  root = repositoryRoot,
  lockDir = path.join(root, 'node_modules/.cache/tableserve/build.lock'),
} = {}) {
  const env = buildEnvironment(root);
  const first = list.map((build) => decide(build, { root, env }));
  if (!force && first.every((decision) => !decision.needed)) return { decisions: first, seconds: 0 };
  return withBuildLock(
    lockDir,
    () => {
      const started = performance.now();
      // Decided again: another process may have built while this one waited for the lock.
      const decisions = list.map((build) => decide(build, { root, env }));
      if (force)
        for (const decision of decisions)
          if (!decision.needed) Object.assign(decision, { needed: true, reason: 'forced' });
      const needed = decisions.filter((decision) => decision.needed);
      if (needed.length) onBuild(needed);
      for (const decision of needed) {
        rmSync(path.join(root, decision.build.stamp), { force: true });
        run(decision.build, { root, env, stdio });
        writeStamp(decision.build, decision.sources, { root });
      }
      return { decisions, seconds: (performance.now() - started) / 1000 };
    },
    { onWait },
  );
}

const builtWhy = (decisions) =>
  decisions.map((decision) => `the ${decision.build.name} (${decision.reason})`).join(' and ');

export const sayWaiting = (pid) => console.log(`Waiting for the build under way (process ${pid}) to finish…`);
export const sayBuilding = (decisions) => console.log(`Building ${builtWhy(decisions)}…`);

/** One line for the operator: what was built and why, or that the build was reused. */
export function summary(decisions, seconds) {
  const built = decisions.filter((decision) => decision.needed);
  const reused = decisions
    .filter((decision) => !decision.needed)
    .map((decision) => `the ${decision.build.name}`);
  if (built.length === 0) return `Reusing the build: ${reused.join(' and ')} unchanged since it was made.`;
  const done = `Built ${builtWhy(built)} in ${seconds.toFixed(1)} s`;
  return reused.length ? `${done}; reusing ${reused.join(' and ')} (unchanged).` : `${done}.`;
}

// `npm run build` builds both; with --if-changed (the benchmarks) only what is missing or changed.
if (process.argv[1] && import.meta.filename === path.resolve(process.argv[1])) {
  const ifChanged = process.argv.includes('--if-changed');
  try {
    const { decisions, seconds } = await ensureBuilt({
      force: !ifChanged,
      stdio: ifChanged ? 'pipe' : 'inherit',
      onWait: sayWaiting,
      onBuild: sayBuilding,
    });
    console.log(summary(decisions, seconds));
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
