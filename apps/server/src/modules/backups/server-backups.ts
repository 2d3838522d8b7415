import type { FastifyInstance } from 'fastify';
import type { BackupConfig } from '../../config/config';
import type { Database } from '../../db/client';
import { backupFileName } from './backup-archive';
import { type BackupTarget, backupTarget, storeAndPrune } from './backup-targets';
import { serveControlSocket } from './control-socket';
import { dumpEmbedded } from './embedded-dump';

/**
 * What the running server does for backups: on an embedded database on disk, it answers
 * `npm run backup` on its control socket and, when BACKUP_INTERVAL is set, backs itself up on a
 * timer. PostgreSQL is backed up by its own tools (docs/operations.md#backups), so there it
 * only says so once.
 */
export async function registerServerBackups(
  app: FastifyInstance,
  database: Database,
  options: { dataDir: string; backup: BackupConfig },
): Promise<void> {
  const client = database.pglite;
  if (!client || !database.embeddedOnDisk) {
    if (options.backup.intervalSeconds > 0)
      app.log.warn(
        database.kind === 'postgres'
          ? 'BACKUP_INTERVAL is ignored on PostgreSQL: back it up with pg_dump or your provider (docs/operations.md#backups)'
          : 'BACKUP_INTERVAL is ignored: an in-memory database has nothing to keep',
      );
    return;
  }
  // One dump at a time: a scheduled one and one asked for share it.
  let running: Promise<Buffer> | undefined;
  const dump = () => {
    running ??= dumpEmbedded(client).finally(() => {
      running = undefined;
    });
    return running;
  };
  // Without it the server still serves; only `npm run backup` cannot reach it (a Unix socket's
  // path is limited to about 100 bytes, so a very long DATA_DIR cannot have one).
  const control = await serveControlSocket(options.dataDir, {
    backup: dump,
    onError: (error) => app.log.error({ err: error }, 'backup asked on the control socket failed'),
  }).catch((error: unknown) => {
    app.log.error({ err: error }, 'no control socket: npm run backup cannot reach this server');
    return undefined;
  });
  const schedule =
    options.backup.intervalSeconds > 0
      ? scheduleBackups(app, {
          dump,
          target: backupTarget(options.backup),
          keep: options.backup.keep,
          seconds: options.backup.intervalSeconds,
        })
      : undefined;
  // Before the database closes (onClose): a backup under way finishes first.
  app.addHook('preClose', async () => {
    await schedule?.stop();
    await control?.close();
    await running?.catch(() => undefined);
  });
}

export type BackupSchedule = { runOnce(): Promise<void>; stop(): Promise<void> };

/** Every `seconds`, a backup to the target, keeping the newest `keep`; a failure waits for the next round. */
export function scheduleBackups(
  app: Pick<FastifyInstance, 'log'>,
  options: {
    dump: () => Promise<Buffer>;
    target: BackupTarget;
    keep: number;
    seconds: number;
  },
): BackupSchedule {
  let round: Promise<void> | undefined;
  const runOnce = () => {
    round ??= (async () => {
      // The wall clock, not the app's: a name is when the copy was made, and tests move the app's.
      const name = backupFileName(new Date());
      try {
        const archive = await options.dump();
        const deleted = await storeAndPrune(options.target, name, archive, options.keep);
        app.log.info(
          { backup: options.target.describe(name), bytes: archive.length, deleted },
          'scheduled backup written',
        );
      } catch (error) {
        app.log.error({ err: error, backup: options.target.describe(name) }, 'scheduled backup failed');
      }
    })().finally(() => {
      round = undefined;
    });
    return round;
  };
  const timer = setInterval(runOnce, options.seconds * 1000);
  timer.unref();
  return {
    runOnce,
    async stop() {
      clearInterval(timer);
      await round;
    },
  };
}
