#!/usr/bin/env node
// `npm run build -w apps/server`: the production server bundle (docs/decisions/021-production-build.md).
// Our TypeScript (src/ and @tableserve/contract, which is TypeScript source) becomes plain
// JavaScript in dist/; every npm package stays an import resolved from node_modules at run time,
// so native and WebAssembly packages (sharp, @node-rs/argon2, PGlite, pg) load as they ship.
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const serverDir = fileURLToPath(new URL('.', import.meta.url));
export const distDir = path.join(serverDir, 'dist');

/** Bare imports are npm packages, left to Node; only our own workspace package is bundled. */
const npmPackagesExternal = {
  name: 'npm-packages-external',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@tableserve/') ? undefined : { path: args.path, external: true },
    );
  },
};

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  // Bundling renames identifiers that clash across modules: keep the names classes and functions
  // have in the source, which logs and stack traces show.
  keepNames: true,
  plugins: [npmPackagesExternal],
  logLevel: 'warning',
  write: false,
  absWorkingDir: serverDir,
};

/**
 * The server and every command-line tool in src/cli/ (each its own bundle, dist/cli/NAME.js),
 * as ES modules.
 */
export function entryPoints() {
  const cliDir = path.join(serverDir, 'src/cli');
  const clis = existsSync(cliDir)
    ? readdirSync(cliDir).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    : [];
  return [
    { in: 'src/server.ts', out: 'server' },
    ...clis.map((name) => ({ in: `src/cli/${name}`, out: `cli/${name.slice(0, -'.ts'.length)}` })),
  ];
}

/**
 * Writes each file beside its final name, then renames it over: a server already running from
 * dist/ (which loads the sheets' worker later, on demand) never reads a half-written file.
 */
async function publish(outputFiles) {
  for (const file of outputFiles) {
    await mkdir(path.dirname(file.path), { recursive: true });
    const staging = `${file.path}.${process.pid}.tmp`;
    await writeFile(staging, file.contents);
    await rename(staging, file.path);
  }
}

/** Removes what an earlier build wrote and this one did not (a command since removed from src/cli). */
async function prune(written) {
  const keep = new Set(written);
  for (const entry of await readdir(distDir, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    if (entry.isFile() && !keep.has(file)) await rm(file);
  }
}

/** Builds every bundle into dist/ and returns the paths written. */
export async function buildServer() {
  const [main, worker, database] = await Promise.all([
    esbuild.build({ ...common, entryPoints: entryPoints(), outdir: distDir, format: 'esm' }),
    // The sheets' worker thread (src/modules/qr-codes/table-sheets.ts) starts the file
    // ./table-sheets.worker.cjs beside the code that runs: in src/ that file loads the TypeScript
    // through tsx; in dist/ it is this bundle of the worker itself.
    // The receipts' worker (src/modules/bills/receipt-pdfs.ts) likewise, as receipts.worker.cjs.
    esbuild.build({
      ...common,
      entryPoints: [
        { in: 'src/modules/qr-codes/table-sheets.worker.ts', out: 'table-sheets.worker' },
        { in: 'src/modules/bills/receipts.worker.ts', out: 'receipts.worker' },
      ],
      outdir: distDir,
      outExtension: { '.js': '.cjs' },
      format: 'cjs',
    }),
    // The embedded database's worker thread (src/db/embedded-client.ts), likewise: beside the
    // server and beside the command-line tools (npm run restore opens the restored database).
    esbuild.build({
      ...common,
      entryPoints: [
        { in: 'src/db/embedded-worker.ts', out: 'embedded-worker' },
        { in: 'src/db/embedded-worker.ts', out: 'cli/embedded-worker' },
      ],
      outdir: distDir,
      outExtension: { '.js': '.cjs' },
      format: 'cjs',
    }),
  ]);
  const outputFiles = [...main.outputFiles, ...worker.outputFiles, ...database.outputFiles];
  await publish(outputFiles);
  const written = outputFiles.map((file) => file.path);
  await prune(written);
  return written;
}

if (process.argv[1] && import.meta.filename === path.resolve(process.argv[1])) {
  const started = performance.now();
  const written = await buildServer();
  console.log(
    `Server bundle: ${written.filter((file) => !file.endsWith('.map')).length} files in ${path.relative(process.cwd(), distDir) || '.'} (${Math.round(performance.now() - started)} ms)`,
  );
}
