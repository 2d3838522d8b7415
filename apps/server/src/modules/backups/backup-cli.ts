import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type Config, ConfigError, loadConfig, repositoryRoot } from '../../config/config';
import { openDatabase } from '../../db/client';
import { BackupError, backupFileName } from './backup-archive';
import { writeBackupFile } from './backup-targets';
import { describeSummary, summarizeDatabase } from './database-summary';
import { backupEmbedded } from './embedded-backup';
import { restoreEmbedded } from './embedded-restore';
import { pgDump, pgRestore } from './postgres-tools';

/** The configuration the server would read: a .env at the repository root, real variables first. */
function configuration(): Config {
  const envFile = path.join(repositoryRoot, '.env');
  if (existsSync(envFile)) process.loadEnvFile(envFile);
  return loadConfig();
}

const onPostgres = (config: Config) => Boolean(config.databaseUrl?.startsWith('postgres'));

/** `npm run backup [-- FILE]`: to FILE, or to a timestamped file in BACKUP_DIR. */
export async function backupCommand(args: string[]): Promise<string> {
  const { positionals } = parseArgs({ args, allowPositionals: true, options: {} });
  const config = configuration();
  if (config.databaseUrl === 'memory://')
    throw new BackupError('DATABASE_URL=memory:// keeps nothing on disk: there is nothing to back up.');
  const postgres = onPostgres(config);
  const file = path.resolve(
    positionals[0] ??
      path.join(config.backup.dir, backupFileName(new Date(), postgres ? '.dump' : '.tar.gz')),
  );
  if (postgres) {
    await pgDump(config.databaseUrl!, file);
    return `Backed up PostgreSQL with pg_dump to ${file}`;
  }
  const { archive, madeBy } = await backupEmbedded(config.dataDir);
  await writeBackupFile(file, archive);
  const by = madeBy === 'server' ? 'by the running server' : 'from its files (no server running)';
  return `Backed up ${path.join(config.dataDir, 'pglite')} ${by} to ${file} (${archive.length} bytes)`;
}

/** `npm run restore -- FILE [--data-dir DIR] [--force]`. */
export async function restoreCommand(args: string[]): Promise<string> {
  const { positionals, values } = parseArgs({
    args,
    allowPositionals: true,
    options: { 'data-dir': { type: 'string' }, force: { type: 'boolean', default: false } },
  });
  if (positionals.length !== 1)
    throw new BackupError('Usage: npm run restore -- <backup file> [--data-dir DIR] [--force]');
  const file = path.resolve(positionals[0]!);
  const config = configuration();
  const lines: string[] = [];
  let databaseUrl: string | undefined;
  let dataDir = config.dataDir;
  if (file.endsWith('.dump')) {
    if (!onPostgres(config))
      throw new BackupError(
        `${file} is a pg_dump file: set DATABASE_URL to the (empty) PostgreSQL database to restore into.`,
      );
    await pgRestore(config.databaseUrl!, file);
    databaseUrl = config.databaseUrl;
    lines.push(`Restored ${file} into PostgreSQL with pg_restore.`);
  } else {
    dataDir = values['data-dir'] ? path.resolve(values['data-dir']) : config.dataDir;
    const { movedAside } = await restoreEmbedded({ file, dataDir, force: values.force, now: new Date() });
    lines.push(`Restored ${file} into ${path.join(dataDir, 'pglite')}.`);
    if (movedAside) lines.push(`The database that was there is now ${movedAside}.`);
  }
  // Opening applies the migrations this version has and the backup lacks (forward only).
  const database = await openDatabase({ databaseUrl, dataDir });
  try {
    lines.push('It holds:', describeSummary(await summarizeDatabase(database.db)));
  } finally {
    await database.close();
  }
  return lines.join('\n');
}

/** Runs a command, printing its report, or a plain message and exit code 1 for what the operator must fix. */
export function runCli(command: (args: string[]) => Promise<string>): void {
  command(process.argv.slice(2)).then(
    (report) => console.log(report),
    (error: unknown) => {
      const known =
        error instanceof BackupError ||
        error instanceof ConfigError ||
        String((error as { code?: unknown }).code).startsWith('ERR_PARSE_ARGS');
      console.error(known ? (error as Error).message : error);
      process.exitCode = 1;
    },
  );
}
