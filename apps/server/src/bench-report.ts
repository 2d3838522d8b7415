import { appendFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const ms = (nanoseconds: number) => Math.round(nanoseconds / 10_000) / 100;

/**
 * For `npm run bench` only, off unless BENCH_REPORT_FILE is set: the event loop's delay can only be
 * read from inside the process, so the benchmark asks for it by signal instead of through a route
 * that production would carry. On SIGUSR2 (and once on exit) appends one JSON line to the file:
 * the event-loop delay since the previous line (p50, p99, max, in ms) and the peak RSS so far.
 * Each line starts a new window, so the bench signals before and after each scenario.
 */
export function startBenchReport(file: string | undefined) {
  if (!file) return;
  // 10 ms is Node's default sampling: a delay shorter than that is not seen, and needs no fixing.
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const write = (reason: 'signal' | 'exit') => {
    const line = {
      reason,
      at: Date.now(),
      eventLoopDelayMs: {
        p50: ms(delay.percentile(50)),
        p99: ms(delay.percentile(99)),
        max: ms(delay.max),
        mean: ms(delay.mean),
      },
      maxRssBytes: process.resourceUsage().maxRSS * 1024,
    };
    appendFileSync(file, `${JSON.stringify(line)}\n`);
    delay.reset();
  };
  process.on('SIGUSR2', () => write('signal'));
  process.on('exit', () => write('exit'));
}
