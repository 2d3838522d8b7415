import type { EmbeddedClient } from '../../db/embedded-client';

/**
 * A consistent copy of the embedded database's files, as a gzipped tar (PGlite's dumpDataDir).
 * dumpDataDir alone waits only for the statement running now, so it could copy the files between
 * two statements of an open transaction. Inside a transaction of its own it waits for every other
 * one to end and holds off the next: PGlite runs one transaction at a time. CHECKPOINT first
 * writes every change into the data files, so a restore has no write-ahead log to replay.
 * `client`: the server's (db/embedded-client.ts), or a PGlite opened here (embedded-backup.ts).
 */
export async function dumpEmbedded(
  client: Pick<EmbeddedClient, 'transaction' | 'dumpDataDir'>,
): Promise<Buffer> {
  const archive = await client.transaction(async (tx) => {
    await tx.exec('CHECKPOINT');
    return client.dumpDataDir('gzip');
  });
  return Buffer.from(await archive.arrayBuffer());
}
