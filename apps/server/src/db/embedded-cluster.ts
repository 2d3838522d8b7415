import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

/**
 * What the child process runs: PGlite creates the cluster (initdb) in the empty directory, the
 * committed migrations are applied, and the process exits. Its arguments: the three packages'
 * resolved URLs (as the parent resolves them, from src/ or from the bundle), the directory, the
 * migrations folder and PGlite's start parameters as JSON.
 */
const CREATE_CLUSTER = `
const [pgliteUrl, drizzleUrl, migratorUrl, directory, migrationsFolder, startParams] = process.argv.slice(1);
const { PGlite } = await import(pgliteUrl);
const { drizzle } = await import(drizzleUrl);
const { migrate } = await import(migratorUrl);
const client = new PGlite(directory, { startParams: JSON.parse(startParams) });
try {
  await migrate(drizzle(client), { migrationsFolder });
} finally {
  await client.close();
}
`;

/**
 * Creates the embedded cluster in `directory` and migrates it, in a child process: initdb grows
 * PGlite's WebAssembly memory past 700 MB, and a process gets none of it back in a useful time
 * (the closed instance waits for a full garbage collection an idle server never runs, and the
 * allocator keeps what it freed), so the server that then opens the files stays at its idle size
 * (docs/performance.md). Rejects with the child's error output when it fails.
 */
export function createEmbeddedCluster(
  directory: string,
  options: { migrationsFolder: string; startParams: string[] },
): Promise<void> {
  const require = createRequire(import.meta.url);
  const resolved = (specifier: string) => pathToFileURL(require.resolve(specifier)).href;
  const args = [
    resolved('@electric-sql/pglite'),
    resolved('drizzle-orm/pglite'),
    resolved('drizzle-orm/pglite/migrator'),
    directory,
    options.migrationsFolder,
    JSON.stringify(options.startParams),
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '--eval', CREATE_CLUSTER, ...args], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let errors = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      errors += chunk;
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolve();
      else
        reject(
          new Error(
            `Creating the embedded database in ${directory} failed (${signal ?? `exit code ${code}`}):\n${errors.trim()}`,
          ),
        );
    });
  });
}
