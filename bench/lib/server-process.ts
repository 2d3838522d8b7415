import { type ChildProcess, spawnSync } from 'node:child_process';
import { closeSync, openSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverEnvironment, serverNodeArgs } from '../../scripts/server-launch.mjs';
import { requestJson } from './http';
import { freePort, hasExited, sleep, spawnNode, stopProcess } from './processes';

const repositoryRoot = fileURLToPath(new URL('../..', import.meta.url));

let built = false;
/**
 * The production server bundle, built first when it is missing or older than its sources (a
 * stale bundle would measure old code); once per bench run.
 */
function ensureBuilt() {
  if (built) return;
  const build = spawnSync(process.execPath, ['scripts/build.mjs', '--if-changed'], {
    cwd: repositoryRoot,
    stdio: 'inherit',
  });
  if (build.status !== 0)
    throw new Error('the production build failed (node scripts/build.mjs --if-changed)');
  built = true;
}

export type ServerReport = {
  eventLoopDelayMs: { p50: number; p99: number; max: number; mean: number };
  maxRssBytes: number;
};

export type ServerProcess = {
  label: string;
  url: string;
  pid: number;
  child: ChildProcess;
  logFile: string;
  /** Bytes the server has logged so far (its stdout and stderr go to logFile). */
  logBytes(): number;
  /** Peak resident memory since the last call (sampled every 100 ms from /proc). */
  takePeakRss(): number;
  /** VmHWM: the highest resident memory of the process's life. */
  lifetimePeakRss(): number;
  currentRss(): number;
  /** CPU time the process has used, user and system, in seconds. */
  cpuSeconds(): number;
  /** Starts a new event-loop window and returns the one that ended (bench-report.ts in the server). */
  report(): Promise<ServerReport>;
  stop(): Promise<void>;
};

function statusField(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = status.match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'))?.[1];
    return kb ? Number(kb) * 1024 : 0;
  } catch {
    return 0;
  }
}

/**
 * utime + stime from /proc/<pid>/stat (fields 14 and 15, after the parenthesised command name), in
 * clock ticks of 1/100 s (USER_HZ on Linux).
 */
function cpuSecondsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/**
 * Starts the production server as `npm start` does (node apps/server/dist/server.js) in
 * production mode, as deployed: behind a proxy (TRUST_PROXY), production logging to a file,
 * no Stripe and no SMTP (mail goes to DATA_DIR/outbox). Resolves once /api/v1/health answers 200.
 */
export async function startServer(options: {
  label: string;
  workDir: string;
  databaseUrl: string | undefined;
  dataDir: string;
  redisUrl: string | undefined;
  jwtSecret: string;
  logLevel: string;
  /** Production unless said otherwise: the demo seed of a first start runs only outside it. */
  nodeEnv?: 'production' | 'development';
  /** Node's arguments for another server than the built one: the events' baseline (bare-events-server.ts). */
  entry?: string[];
}): Promise<ServerProcess> {
  if (!options.entry) ensureBuilt();
  const port = await freePort();
  const logFile = path.join(options.workDir, `${options.label}.log`);
  const reportFile = path.join(options.workDir, `${options.label}.report.jsonl`);
  const logFd = openSync(logFile, 'a');
  // BENCH_CPU_PROFILE=DIR: each server writes a V8 CPU profile there when it stops (what limits it).
  const profile = process.env.BENCH_CPU_PROFILE
    ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROFILE)}`]
    : [];
  // As `npm start` and the systemd unit run it (scripts/server-launch.mjs).
  const env = {
    ...serverEnvironment(process.env),
    NODE_ENV: options.nodeEnv ?? 'production',
    JWT_SECRET: options.jwtSecret,
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: options.dataDir,
    // Set even when empty: a variable that exists is not overridden by a .env file.
    DATABASE_URL: options.databaseUrl ?? '',
    REDIS_URL: options.redisUrl ?? '',
    TRUST_PROXY: 'true',
    LOG_LEVEL: options.logLevel,
    STRIPE_SECRET_KEY: '',
    SMTP_URL: '',
    BENCH_REPORT_FILE: reportFile,
  };
  // Node's flags as `npm start` and the systemd unit give them; the bare fan-out gets the same.
  const node = [...profile, ...serverNodeArgs(env)];
  const child = spawnNode([...node, ...(options.entry ?? ['apps/server/dist/server.js'])], {
    cwd: repositoryRoot,
    // The child writes its log straight to the file: the bench does not spend CPU reading it.
    stdio: ['ignore', logFd, logFd],
    env,
  });
  closeSync(logFd);
  const pid = child.pid!;
  const url = `http://127.0.0.1:${port}`;
  const logTail = () => {
    try {
      return readFileSync(logFile, 'utf8').slice(-3000);
    } catch {
      return '';
    }
  };

  for (const started = Date.now(); ; await sleep(200)) {
    if (hasExited(child)) throw new Error(`${options.label} server exited while starting:\n${logTail()}`);
    if (Date.now() - started > 120_000) {
      await stopProcess(child);
      throw new Error(`${options.label} server did not answer /api/v1/health in 120 s:\n${logTail()}`);
    }
    const health = await requestJson(`${url}/api/v1/health`, { timeoutMs: 2000 }).catch(() => undefined);
    if (health?.status === 200) break;
  }

  let peak = 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, statusField(pid, 'VmRSS'));
  }, 100);
  sampler.unref();
  let reportsRead = 0;

  return {
    label: options.label,
    url,
    pid,
    child,
    logFile,
    logBytes: () => statSync(logFile).size,
    takePeakRss() {
      const value = Math.max(peak, statusField(pid, 'VmRSS'));
      peak = 0;
      return value;
    },
    lifetimePeakRss: () => statusField(pid, 'VmHWM'),
    currentRss: () => statusField(pid, 'VmRSS'),
    cpuSeconds: () => cpuSecondsOf(pid),
    async report() {
      child.kill('SIGUSR2');
      for (const asked = Date.now(); Date.now() - asked < 5000; await sleep(20)) {
        let lines: string[] = [];
        try {
          lines = readFileSync(reportFile, 'utf8').split('\n').filter(Boolean);
        } catch {}
        if (lines.length > reportsRead) {
          reportsRead = lines.length;
          return JSON.parse(lines.at(-1)!) as ServerReport;
        }
      }
      throw new Error(`${options.label} server wrote no report (BENCH_REPORT_FILE) within 5 s`);
    },
    async stop() {
      clearInterval(sampler);
      await stopProcess(child);
    },
  };
}
