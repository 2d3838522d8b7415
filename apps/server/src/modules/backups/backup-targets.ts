import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { BackupConfig, S3Config } from '../../config/config';
import { isBackupName } from './backup-archive';

/** Where scheduled backups go: a directory or an S3-compatible bucket. Names sort by time. */
export type BackupTarget = {
  /** Where a backup of this name is, for the logs. */
  describe(name: string): string;
  put(name: string, archive: Buffer): Promise<void>;
  /** The backups there, oldest first. */
  list(): Promise<string[]>;
  remove(name: string): Promise<void>;
};

/** Writes a backup file whole or not at all: a partial file never carries a backup's name. */
export async function writeBackupFile(file: string, archive: Buffer): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const partial = `${file}.partial`;
  await writeFile(partial, archive, { mode: 0o600 });
  await rename(partial, file);
}

export function directoryTarget(dir: string): BackupTarget {
  return {
    describe: (name) => path.join(dir, name),
    put: (name, archive) => writeBackupFile(path.join(dir, name), archive),
    async list() {
      const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return [];
        throw error;
      });
      return names.filter(isBackupName).sort();
    },
    remove: (name) => rm(path.join(dir, name), { force: true }),
  };
}

const PREFIX = 'backups/';

export function s3Target(config: S3Config): BackupTarget {
  // The AWS SDK takes about half a second to load: only installs that back up to S3 pay for it.
  const sdk = import('@aws-sdk/client-s3').then((module) => ({
    module,
    client: new module.S3Client({
      region: config.region,
      ...(config.endpoint ? { endpoint: config.endpoint, forcePathStyle: true } : {}),
      ...(config.credentials ? { credentials: config.credentials } : {}),
    }),
  }));
  return {
    describe: (name) => `s3://${config.bucket}/${PREFIX}${name}`,
    async put(name, archive) {
      const { module, client } = await sdk;
      await client.send(
        new module.PutObjectCommand({
          Bucket: config.bucket,
          Key: PREFIX + name,
          Body: archive,
          ContentType: 'application/gzip',
        }),
      );
    },
    async list() {
      const { module, client } = await sdk;
      const names: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new module.ListObjectsV2Command({
            Bucket: config.bucket,
            Prefix: PREFIX,
            ContinuationToken: token,
          }),
        );
        for (const object of page.Contents ?? []) names.push(object.Key!.slice(PREFIX.length));
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return names.filter(isBackupName).sort();
    },
    async remove(name) {
      const { module, client } = await sdk;
      await client.send(new module.DeleteObjectCommand({ Bucket: config.bucket, Key: PREFIX + name }));
    },
  };
}

export const backupTarget = (config: BackupConfig): BackupTarget =>
  config.to.kind === 's3' ? s3Target(config.to.s3) : directoryTarget(config.dir);

/** Puts a new backup, then deletes all but the `keep` newest. Answers the names deleted. */
export async function storeAndPrune(
  target: BackupTarget,
  name: string,
  archive: Buffer,
  keep: number,
): Promise<string[]> {
  await target.put(name, archive);
  const names = await target.list();
  const old = names.slice(0, Math.max(0, names.length - keep));
  for (const stale of old) await target.remove(stale);
  return old;
}
