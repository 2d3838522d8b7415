import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataDirInUseError, holdDataDirLock, lockFileOf, lockHolder } from './data-dir-lock';

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'tableserve-lock-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

describe("DATA_DIR's lock on the embedded database", () => {
  it('is refused while another live process holds it, and taken over once that process is gone', async () => {
    // Another process: one that waits for its standard input to close.
    const other = spawn(process.execPath, ['-e', 'process.stdin.resume()'], {
      stdio: ['pipe', 'ignore', 'ignore'],
    });
    const gone = new Promise((resolve) => other.on('exit', resolve));
    await writeFile(lockFileOf(dataDir), JSON.stringify({ pid: other.pid, since: new Date().toISOString() }));

    expect(lockHolder(dataDir)).toBe(other.pid);
    expect(() => holdDataDirLock(dataDir)).toThrow(DataDirInUseError);
    expect(() => holdDataDirLock(dataDir)).toThrow(
      `${dataDir} is in use by process ${other.pid} (${lockFileOf(dataDir)}). Stop that process first; ` +
        'if no such process is running TableServe, delete the lock file.',
    );

    other.stdin!.end();
    await gone;
    expect(lockHolder(dataDir)).toBeUndefined();
    const lock = holdDataDirLock(dataDir);
    // Held by this process now: a second open here is refused as well.
    expect(lockHolder(dataDir)).toBe(process.pid);
    expect(() => holdDataDirLock(dataDir)).toThrow(DataDirInUseError);
    lock.release();
    expect(existsSync(lockFileOf(dataDir))).toBe(false);
  });

  it("takes over a lock naming this process's pid that this process never took (a restarted container)", async () => {
    await writeFile(lockFileOf(dataDir), JSON.stringify({ pid: process.pid, since: '2026-01-01T00:00:00Z' }));
    expect(lockHolder(dataDir)).toBeUndefined();
    holdDataDirLock(dataDir).release();
  });
});
