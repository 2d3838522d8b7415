import { spawn } from 'node:child_process';
import pg from 'pg';
import { BackupError } from './backup-archive';

/** Runs one of PostgreSQL's client programs; a missing binary is said plainly. */
function run(program: 'pg_dump' | 'pg_restore', args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ['ignore', 'inherit', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => {
      errors += chunk;
    });
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new BackupError(
              `${program} is not installed here. Install PostgreSQL's client programs of the server's ` +
                'major version or newer (Debian: apt-get install postgresql-client), or run it by hand ' +
                '(docs/operations.md#backups).',
            )
          : error,
      ),
    );
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new BackupError(`${program} failed (exit ${code}):\n${errors.trim()}`)),
    );
  });
}

/** pg_dump's custom format: compressed, and pg_restore can pick from it or run it in parallel. */
export const pgDump = (databaseUrl: string, file: string) =>
  run('pg_dump', ['--format=custom', '--no-owner', `--file=${file}`, `--dbname=${databaseUrl}`]);

/**
 * Restores into an empty database only: one that holds tables is refused, since pg_restore would
 * mix the two or, with --clean, drop the one there. Create a new database and point at it.
 */
export async function pgRestore(databaseUrl: string, file: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ tables: number }>(
      "select count(*)::int as tables from pg_tables where schemaname not in ('pg_catalog', 'information_schema')",
    );
    if (rows[0]!.tables > 0)
      throw new BackupError(
        `The database of DATABASE_URL already holds ${rows[0]!.tables} tables. Create an empty one ` +
          '(createdb tableserve_restored), point DATABASE_URL at it, and restore again.',
      );
  } finally {
    await client.end();
  }
  // One transaction: a restore that fails leaves the database empty, not half restored.
  await run('pg_restore', [
    '--no-owner',
    '--single-transaction',
    '--exit-on-error',
    `--dbname=${databaseUrl}`,
    file,
  ]);
}
