import { gunzipSync } from 'node:zlib';

/** A backup that cannot be used, or an operation that must not run: its message is for the operator. */
export class BackupError extends Error {
  override name = 'BackupError';
}

const BLOCK = 512;

/** The backups' names sort by time: tableserve-2026-11-27T05-40-00-123Z.tar.gz. */
export function backupFileName(now: Date, extension: '.tar.gz' | '.dump' = '.tar.gz'): string {
  return `tableserve-${now.toISOString().replaceAll(':', '-').replace('.', '-')}${extension}`;
}

export const isBackupName = (name: string) => /^tableserve-[\dTZ-]+\.(tar\.gz|dump)$/.test(name);

const text = (block: Buffer, start: number, length: number) =>
  block
    .subarray(start, start + length)
    .toString('latin1')
    .replace(/\0.*$/s, '');

/**
 * Checks a backup of the embedded database (PGlite's dumpDataDir: a gzipped tar of its data
 * directory) before anything is touched: complete gzip, every tar header's checksum, every file's
 * bytes present, and PG_VERSION among them. Answers the file names.
 */
export function verifyBackupArchive(bytes: Buffer, file: string): string[] {
  let tar: Buffer;
  try {
    tar = gunzipSync(bytes);
  } catch (error) {
    throw new BackupError(
      `${file} is not a usable backup: it is truncated or corrupt (${(error as Error).message}).`,
    );
  }
  const names: string[] = [];
  let offset = 0;
  for (;;) {
    if (offset + BLOCK > tar.length)
      throw new BackupError(`${file} is not a usable backup: its archive is cut short.`);
    const header = tar.subarray(offset, offset + BLOCK);
    // Two zero blocks end a tar archive (tinytar, which PGlite uses, writes them).
    if (header.every((byte) => byte === 0)) break;
    const stored = Number.parseInt(text(header, 148, 8).trim(), 8);
    let sum = 0;
    for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : header[i]!;
    if (stored !== sum)
      throw new BackupError(`${file} is not a usable backup: its archive is corrupt at byte ${offset}.`);
    const prefix = text(header, 345, 155);
    const name = (prefix ? `${prefix}/` : '') + text(header, 0, 100);
    const size = Number.parseInt(text(header, 124, 12).trim() || '0', 8);
    names.push(name.replace(/^\/+/, ''));
    offset += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
  }
  if (!names.includes('PG_VERSION'))
    throw new BackupError(
      `${file} is not a backup of TableServe's embedded database: it holds no PG_VERSION.`,
    );
  return names;
}
