import { existsSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { holdDataDirLock, lockFileOf, lockHolder } from '../../db/data-dir-lock';
import { BackupError } from './backup-archive';
import { askServer } from './control-socket';
import { dumpEmbedded } from './embedded-dump';

/**
 * A backup of DATA_DIR's embedded database: made by the server that runs on it (through its
 * control socket), or, with no server running, by opening the files here under DATA_DIR's lock.
 */
export async function backupEmbedded(
  dataDir: string,
): Promise<{ archive: Buffer; madeBy: 'server' | 'files' }> {
  const fromServer = await askServer(dataDir, '/backup');
  if (fromServer) return { archive: fromServer, madeBy: 'server' };
  const holder = lockHolder(dataDir);
  if (holder !== undefined)
    throw new BackupError(
      `Process ${holder} holds ${lockFileOf(dataDir)} but does not answer on its control socket ` +
        '(a restore in progress, or a server still starting): try again when it is done.',
    );
  const directory = path.join(dataDir, 'pglite');
  if (!existsSync(path.join(directory, 'PG_VERSION')))
    throw new BackupError(`${directory} holds no database: nothing to back up.`);
  const lock = holdDataDirLock(dataDir);
  try {
    // Opened as it is, without migrations: a backup copies the database, it never changes it.
    const client = new PGlite(directory);
    try {
      return { archive: await dumpEmbedded(client), madeBy: 'files' };
    } finally {
      await client.close();
    }
  } finally {
    lock.release();
  }
}
