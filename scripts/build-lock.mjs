// One build at a time per checkout (docs/decisions/021-production-build.md): two `npm start` at
// once must not both write apps/web/dist and apps/server/dist. The lock is a directory holding
// its owner's pid; a lock whose owner died (a build killed half-way) is broken by the next one.
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** @typedef {{ pid: number, token: string }} Owner */

/** @returns {Owner | undefined} undefined when there is no lock (or it is being released). */
function ownerOf(lockDir) {
  try {
    return JSON.parse(readFileSync(path.join(lockDir, 'owner.json'), 'utf8'));
  } catch (error) {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  }
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists, under another user.
    return error.code === 'EPERM';
  }
}

/**
 * Takes the lock away from its place in one rename (a directory is never removed in place: an
 * empty one would be replaced by a newcomer's rename, whose lock the removal would then delete)
 * and removes it.
 */
function removeLock(lockDir, owner) {
  const grave = `${lockDir}.${owner.token}.removed`;
  renameSync(lockDir, grave);
  rmSync(grave, { recursive: true, force: true });
}

/**
 * Breaks the lock of `dead` (an owner seen dead). Between seeing it and the rename another
 * process may have broken it and taken the lock itself: then the lock taken away is a live one,
 * and it is put back.
 */
function breakStaleLock(lockDir, dead) {
  const grave = `${lockDir}.${dead.token}.stale`;
  try {
    renameSync(lockDir, grave);
  } catch (error) {
    if (error.code === 'ENOENT') return; // broken or released meanwhile
    throw error;
  }
  const taken = ownerOf(grave);
  if (taken?.token === dead.token) rmSync(grave, { recursive: true, force: true });
  else renameSync(grave, lockDir);
}

/**
 * Runs `task` holding the lock; waits (polling) while a live process holds it. `onWait` is told
 * the holder's pid once, when the wait starts.
 */
export async function withBuildLock(lockDir, task, { onWait = () => {}, pollMs = 100 } = {}) {
  mkdirSync(path.dirname(lockDir), { recursive: true });
  /** @type {Owner} */
  const me = { pid: process.pid, token: randomUUID() };
  let told = false;
  for (;;) {
    // The owner file is written before the lock appears: a lock is never seen without its owner.
    const staging = `${lockDir}.${me.token}.new`;
    mkdirSync(staging);
    writeFileSync(path.join(staging, 'owner.json'), JSON.stringify(me));
    try {
      renameSync(staging, lockDir); // fails while a lock (a directory that is not empty) is there
      break;
    } catch (error) {
      rmSync(staging, { recursive: true, force: true });
      if (!['ENOTEMPTY', 'EEXIST', 'EPERM'].includes(error.code)) throw error;
    }
    const owner = ownerOf(lockDir);
    if (!owner) continue; // released meanwhile
    if (!isAlive(owner.pid)) {
      breakStaleLock(lockDir, owner);
      continue;
    }
    if (!told) onWait(owner.pid);
    told = true;
    await sleep(pollMs);
  }
  try {
    return await task();
  } finally {
    removeLock(lockDir, me);
  }
}
