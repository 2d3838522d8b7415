import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { holdDataDirLock, lockFileOf, lockHolder } from '../../db/data-dir-lock';
import { BackupError, backupFileName, verifyBackupArchive } from './backup-archive';
import { askServer } from './control-socket';

/**
 * Restores a backup of the embedded database into DATA_DIR/pglite. Refuses while a server runs
 * on DATA_DIR, and when DATA_DIR/pglite already holds a database unless `force`, which moves that
 * one aside (never deletes it). The files are unpacked next to it first and renamed into place
 * at the end, so a failed restore leaves nothing half-written where the server looks.
 * Answers where the previous database went, if anywhere.
 */
export async function restoreEmbedded(options: {
  file: string;
  dataDir: string;
  force: boolean;
  now: Date;
}): Promise<{ movedAside: string | undefined }> {
  const { file, dataDir } = options;
  if (!existsSync(file)) throw new BackupError(`${file}: no such file.`);
  const archive = readFileSync(file);
  verifyBackupArchive(archive, file);

  if (await askServer(dataDir, '/status'))
    throw new BackupError(`A TableServe server is running on ${dataDir}: stop it before restoring.`);
  const holder = lockHolder(dataDir);
  if (holder !== undefined)
    throw new BackupError(`Process ${holder} holds ${lockFileOf(dataDir)}: stop it before restoring.`);

  const target = path.join(dataDir, 'pglite');
  const holdsDatabase = existsSync(target) && readdirSync(target).length > 0;
  if (holdsDatabase && !options.force)
    throw new BackupError(
      `${target} already holds a database. Restore into another directory (--data-dir), ` +
        'or add --force to move this one aside first.',
    );

  const stamp = backupFileName(options.now).replace(/^tableserve-|\.tar\.gz$/g, '');
  const unpacking = path.join(dataDir, `pglite.restoring-${stamp}`);
  mkdirSync(dataDir, { recursive: true });
  const lock = holdDataDirLock(dataDir);
  try {
    // PGlite's own loader, the inverse of the dumpDataDir that made the backup; starting on the
    // unpacked files proves they are a database.
    const client = new PGlite(unpacking, {
      loadDataDir: new Blob([archive], { type: 'application/x-gzip' }),
    });
    try {
      await client.waitReady;
    } catch (error) {
      rmSync(unpacking, { recursive: true, force: true });
      throw new BackupError(`${file} did not open as a database: ${(error as Error).message}`);
    }
    await client.close();
    let movedAside: string | undefined;
    if (existsSync(target)) {
      movedAside = holdsDatabase ? path.join(dataDir, `pglite.before-restore-${stamp}`) : undefined;
      if (movedAside) renameSync(target, movedAside);
      else rmSync(target, { recursive: true });
    }
    renameSync(unpacking, target);
    return { movedAside };
  } finally {
    lock.release();
  }
}
