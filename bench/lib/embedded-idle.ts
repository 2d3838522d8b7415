import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sleep } from './processes';
import { startServer } from './server-process';

export type EmbeddedIdleResult = {
  /** Resident memory 20 s after the server answered, as the issue measures `npm start`. */
  idleRssMB: number;
  /** The highest resident memory of its life until then (the demo seed and start-up included). */
  peakRssMB: number;
  startSeconds: number;
};

const MB = 1024 * 1024;
const round = (bytes: number) => Math.round((bytes / MB) * 10) / 10;

/**
 * The default install's memory: the server on PGlite in a fresh DATA_DIR, the demo restaurant
 * seeded on its first start, not in production mode (the demo seed runs only outside it, as for
 * a first `npm start`), read 20 s after it answers.
 */
export async function measureEmbeddedIdle(jwtSecret: string): Promise<EmbeddedIdleResult> {
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'tableserve-embedded-idle-'));
  const started = performance.now();
  const server = await startServer({
    label: 'embedded-idle',
    workDir,
    databaseUrl: undefined,
    dataDir: path.join(workDir, 'data'),
    redisUrl: undefined,
    jwtSecret,
    logLevel: 'info',
    nodeEnv: 'development',
  });
  const startSeconds = Math.round((performance.now() - started) / 100) / 10;
  try {
    await sleep(20_000);
    return {
      idleRssMB: round(server.currentRss()),
      peakRssMB: round(server.lifetimePeakRss()),
      startSeconds,
    };
  } finally {
    await server.stop();
    await rm(workDir, { recursive: true, force: true });
  }
}
