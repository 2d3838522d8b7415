import autocannon from 'autocannon';
import { requestJson } from './http';
import type { ServerProcess } from './server-process';

export type ServerWindow = {
  peakRssMB: number;
  eventLoopDelayP99Ms: number;
  eventLoopDelayMaxMs: number;
  /** What the server logged per request in this window (production logs each request). */
  logBytesPerRequest: number;
  /**
   * The server's CPU time per request: unlike requests per second, it hardly moves when other
   * processes share the machine, so it is the figure to compare changes (or log levels) with.
   */
  cpuMsPerRequest: number;
};

export type LoadResult = {
  connections: number;
  seconds: number;
  requests: number;
  requestsPerSecond: number;
  latencyMs: { p50: number; p99: number; max: number };
  /** Connection errors, timeouts and every non-2xx answer. */
  errors: number;
  statusCodes: Record<string, number>;
  /** Bytes received per response, headers included. */
  bytesPerResponse: number;
  /**
   * The load generator's CPU time per request (autocannon, in this process: its JS parser reads
   * every header of every answer). Where it is near the server's, the machine's cores are shared
   * between the two and it limits requests per second as much as the server does.
   */
  loadGeneratorCpuMsPerRequest: number;
  server?: ServerWindow;
};

const MB = 1024 * 1024;
const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * Measures what a server does while `during` runs: peak RSS, event-loop delay (from the server's
 * bench report) and log bytes, over exactly that window.
 */
export async function watchServer<T>(
  server: ServerProcess,
  during: () => Promise<T>,
  requestsOf: (result: T) => number,
): Promise<{ result: T; server: ServerWindow }> {
  await server.report();
  server.takePeakRss();
  const logBefore = server.logBytes();
  const cpuBefore = server.cpuSeconds();
  const result = await during();
  const report = await server.report();
  const requests = Math.max(1, requestsOf(result));
  return {
    result,
    server: {
      peakRssMB: round(server.takePeakRss() / MB),
      eventLoopDelayP99Ms: report.eventLoopDelayMs.p99,
      eventLoopDelayMaxMs: report.eventLoopDelayMs.max,
      logBytesPerRequest: Math.round((server.logBytes() - logBefore) / requests),
      cpuMsPerRequest: round(((server.cpuSeconds() - cpuBefore) * 1000) / requests, 2),
    },
  };
}

/**
 * One autocannon scenario over loopback, after an unrecorded warm-up (JIT, caches, pools) of the
 * same shape. With a server, its window is measured too.
 */
export async function runLoad(
  options: autocannon.Options & { connections: number },
  timing: { seconds: number; warmupSeconds: number },
  server?: ServerProcess,
): Promise<LoadResult> {
  if (timing.warmupSeconds > 0) await autocannon({ ...options, duration: timing.warmupSeconds });
  // Requests the warm-up left in the server (PGlite runs them one by one) must not spill into the
  // measurement: the health check's database ping queues behind them.
  if (server) {
    await requestJson(`${server.url}/api/v1/health`, { timeoutMs: 120_000 }).catch(() => {
      throw new Error(
        `${server.label} server: no answer to /api/v1/health 120 s after the warm-up: its requests are stuck (database pool?)`,
      );
    });
  }
  const measure = () => autocannon({ ...options, duration: timing.seconds });
  const cpuBefore = process.cpuUsage();
  const watched = server
    ? await watchServer(server, measure, (result) => result.requests.total)
    : { result: await measure(), server: undefined };
  const cpu = process.cpuUsage(cpuBefore);
  const result = watched.result;
  const statusCodes = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([code, stats]) => [code, stats.count ?? 0]),
  );
  return {
    connections: options.connections,
    seconds: timing.seconds,
    requests: result.requests.total,
    requestsPerSecond: round(result.requests.total / result.duration, 0),
    latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
    errors: result.errors + result.non2xx,
    statusCodes,
    bytesPerResponse: Math.round(result.throughput.total / Math.max(1, result.requests.total)),
    loadGeneratorCpuMsPerRequest: round(
      (cpu.user + cpu.system) / 1000 / Math.max(1, result.requests.total),
      2,
    ),
    ...(watched.server ? { server: watched.server } : {}),
  };
}
