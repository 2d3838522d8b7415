import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * PGlite has no lock of its own: a second process opening DATA_DIR/pglite while another has it
 * open corrupts the files. So whoever opens them (the server, `npm run backup` or `npm run restore`)
 * first holds DATA_DIR/pglite.lock, a file naming its process id, created exclusively. A lock whose
 * process is gone (a crash, a SIGKILL) is taken over.
 */
export type DataDirLock = { release(): void };

export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
  constructor(
    readonly lockFile: string,
    readonly pid: number,
  ) {
    super(
      `${path.dirname(lockFile)} is in use by process ${pid} (${lockFile}). ` +
        'Stop that process first; if no such process is running TableServe, delete the lock file.',
    );
  }
}

export const lockFileOf = (dataDir: string) => path.join(dataDir, 'pglite.lock');

/** The lock files this process holds. */
const heldHere = new Set<string>();

/** The process that holds DATA_DIR's embedded database, if a live one does. */
export function lockHolder(dataDir: string): number | undefined {
  let pid: number;
  try {
    pid = (JSON.parse(readFileSync(lockFileOf(dataDir), 'utf8')) as { pid: number }).pid;
  } catch {
    // No lock file, or one cut short by a crash while it was written: nobody holds it.
    return undefined;
  }
  if (!Number.isInteger(pid)) return undefined;
  // Our own pid in a file this process did not write is a lock left by an earlier process that had
  // the same pid (a container restarted: its first process gets the same number again).
  if (pid === process.pid) return heldHere.has(lockFileOf(dataDir)) ? pid : undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    // EPERM: the process exists but belongs to another user, so it is alive.
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : undefined;
  }
}

/** Takes DATA_DIR's lock, or throws DataDirInUseError naming the live process that holds it. */
export function holdDataDirLock(dataDir: string): DataDirLock {
  const file = lockFileOf(dataDir);
  const content = JSON.stringify({ pid: process.pid, since: new Date().toISOString() });
  for (let attempt = 0; ; attempt++) {
    try {
      writeFileSync(file, content, { flag: 'wx', mode: 0o600 });
      heldHere.add(file);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = lockHolder(dataDir);
      if (holder !== undefined) throw new DataDirInUseError(file, holder);
      // A second EEXIST after removing a stale lock: another process took it in between.
      if (attempt > 0) throw new Error(`${file}: another process is taking this lock at this moment`);
      rmSync(file, { force: true });
    }
  }
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      heldHere.delete(file);
      rmSync(file, { force: true });
    },
  };
}
