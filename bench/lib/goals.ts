import { existsSync, readFileSync } from 'node:fs';
import { fridayRushTarget } from './friday-rush';
import type { BenchResults } from './report';

type Measured = Omit<BenchResults, 'goals'>;

/** One goal of docs/performance.md, as this run measured it. */
export type Goal = {
  goal: string;
  target: string;
  measured: string;
  /** undefined: this run did not measure it (a skipped scenario, no Lighthouse report yet). */
  met: boolean | undefined;
};

/** What `npm run lighthouse` last wrote (bench/results/lighthouse.json), if it ever ran. */
export type LighthouseSummary = {
  date: string;
  runs: number;
  pages: Array<{ page: string; scores: { performance: number } }>;
};

/** The pages `npm run lighthouse` audits (bench/lighthouse.ts), each held to the goal. */
const AUDITED_PAGES = ['menu', 'landing', 'login'];

export function readLighthouse(file: string): LighthouseSummary | undefined {
  if (!existsSync(file)) return undefined;
  return JSON.parse(readFileSync(file, 'utf8')) as LighthouseSummary;
}

const ms = (value: number) => `${Math.round(value)} ms`;
const notMeasured = (goal: string, target: string, why: string): Goal => ({
  goal,
  target,
  measured: why,
  met: undefined,
});

/**
 * Every goal of the performance issue against this run's figures. The HTTP and event goals are
 * PostgreSQL's (the production answer); the embedded default's are measured by their own
 * scenarios on PGlite whatever the run's database.
 */
export function goalsOf(results: Measured, lighthouse: LighthouseSummary | undefined): Goal[] {
  const goals: Goal[] = [];
  const postgres = results.database === 'postgresql';
  const onPostgres = (goal: string) => (postgres ? goal : `${goal} (PGlite run: not the goal's database)`);

  const menu = results.menu.compressed;
  goals.push({
    goal: onPostgres('menu as phones ask (br/gzip) @50'),
    target: '≥ 60 % of the bare route',
    measured:
      `${menu.requestsPerSecond} req/s = ${menu.percentOfBaseline} % of ${results.baseline.requestsPerSecond}, ` +
      `the median of ${results.menu.shares.length} pairs (${results.menu.shares.join(', ')} %); ` +
      `CPU ms a request: server ${menu.server?.cpuMsPerRequest ?? '-'}, load generator ` +
      `${menu.loadGeneratorCpuMsPerRequest} (the bare route's ${results.baseline.loadGeneratorCpuMsPerRequest})`,
    met: menu.percentOfBaseline >= 60,
  });

  const order = results.placeOrder.at200;
  goals.push({
    goal: onPostgres('place-order @200'),
    target: '≥ 1,000/s, p99 ≤ 100 ms, 0 errors',
    measured: `${order.requestsPerSecond}/s, p99 ${ms(order.latencyMs.p99)}, ${order.errors} errors`,
    met: order.requestsPerSecond >= 1000 && order.latencyMs.p99 <= 100 && order.errors === 0,
  });
  const limit = results.placeOrder.pgbench;
  if (limit) {
    const share =
      Math.round((order.requestsPerSecond / Math.max(1, limit.transactionsPerSecond)) * 1000) / 10;
    goals.push({
      goal: `place-order @200 as a share of pgbench (the same statement, ${limit.clients} connections as the pool)`,
      target: '≥ 60 % where 1,000/s is out of reach',
      measured: `${share} % of ${limit.transactionsPerSecond} tps`,
      met: share >= 60 && order.errors === 0,
    });
  }

  const one = results.events.oneInstance;
  const asked = one.changes.perSecondAsked;
  goals.push({
    goal: onPostgres(`status changes, one instance, ${one.sockets.connected} sockets`),
    target: '500 changes/s; kitchen call p99 ≤ 100 ms; events p99 ≤ 50 ms; 0 missed, 0 misdelivered',
    measured:
      `${one.changes.perSecondSent}/s of ${asked}; call p99 ${ms(one.changes.httpLatencyMs.p99)}; ` +
      `events p99 ${ms(one.delivery.latencyMs.p99)} (bare fan-out ${ms(results.events.bareFanOut.delivery.latencyMs.p99)}); ` +
      `${one.delivery.missed} missed, ${one.delivery.misdelivered} misdelivered`,
    // The goal is at full size: a smaller run (BENCH_SOCKETS) is reported, never met.
    met:
      one.sockets.connected >= 10_000 &&
      asked >= 500 &&
      one.changes.perSecondSent >= asked * 0.98 &&
      one.changes.httpLatencyMs.p99 <= 100 &&
      one.delivery.latencyMs.p99 <= 50 &&
      one.delivery.missed === 0 &&
      one.delivery.misdelivered === 0 &&
      one.changes.errors === 0,
  });
  const two = results.events.twoInstancesOnRedis;
  const acrossTwo = 'status changes across two instances on Redis';
  const acrossTarget = 'events p99 ≤ 100 ms; 0 missed, 0 misdelivered';
  goals.push(
    'skipped' in two
      ? notMeasured(acrossTwo, acrossTarget, `skipped: ${two.skipped}`)
      : {
          goal: acrossTwo,
          target: acrossTarget,
          measured: `${two.changes.perSecondSent}/s; events p99 ${ms(two.delivery.latencyMs.p99)}; ${two.delivery.missed} missed, ${two.delivery.misdelivered} misdelivered`,
          met:
            two.delivery.latencyMs.p99 <= 100 && two.delivery.missed === 0 && two.delivery.misdelivered === 0,
        },
  );

  const idle = results.embeddedIdle;
  const idleGoal = 'embedded default (PGlite, demo data): RSS 20 s after start';
  goals.push(
    idle
      ? {
          goal: idleGoal,
          target: '≤ 250 MB',
          measured: `${idle.idleRssMB} MB (peak ${idle.peakRssMB} MB while starting)`,
          met: idle.idleRssMB <= 250,
        }
      : notMeasured(idleGoal, '≤ 250 MB', 'not run (BENCH_SKIP_EMBEDDED=1)'),
  );

  const rush = results.fridayRush;
  const rushGoal =
    'Friday rush: one restaurant on PGlite, 300 diners in 2 minutes, staff and kitchen following';
  if (!rush) {
    goals.push(notMeasured(rushGoal, fridayRushTarget, 'not run (BENCH_SKIP_EMBEDDED=1)'));
  } else {
    const calls = Object.values(rush.calls);
    const worst = Math.max(...calls.map((call) => call.p99));
    const errors = calls.reduce((sum, call) => sum + call.errors, 0);
    goals.push({
      goal: `Friday rush: one restaurant on PGlite, ${rush.diners} diners in ${rush.seconds} s, staff and kitchen following`,
      target: fridayRushTarget,
      measured:
        `worst call p99 ${ms(worst)}; ${errors} errors; events ${rush.events.delivered} of ${rush.events.expected}, ` +
        `${rush.events.misdelivered} misdelivered`,
      met:
        worst <= 150 &&
        errors === 0 &&
        rush.events.missed === 0 &&
        rush.events.misdelivered === 0 &&
        rush.diners >= 300,
    });
  }

  const lighthouseTarget = '≥ 95 each (mobile, median of 3)';
  if (!lighthouse) {
    goals.push(
      notMeasured('Lighthouse performance', lighthouseTarget, 'no report: run `npm run lighthouse`'),
    );
  } else {
    const scores = lighthouse.pages.map((page) => `${page.page} ${page.scores.performance}`).join(', ');
    goals.push({
      goal: `Lighthouse performance (npm run lighthouse, ${lighthouse.date.slice(0, 16).replace('T', ' ')} UTC)`,
      target: lighthouseTarget,
      measured: `${scores} (median of ${lighthouse.runs})`,
      // A run of some pages only (LIGHTHOUSE_PAGES) says nothing of the others.
      met:
        lighthouse.runs >= 3 &&
        AUDITED_PAGES.every(
          (name) => (lighthouse.pages.find((page) => page.page === name)?.scores.performance ?? 0) >= 95,
        ),
    });
  }
  return goals;
}

const mark = (met: boolean | undefined) => (met === undefined ? '–' : met ? '✓' : '✗');

/** The goals as lines for the terminal. */
export function printGoals(goals: Goal[], print: (line: string) => void) {
  print('');
  print('Goals (docs/performance.md)');
  for (const goal of goals) {
    print(`  ${mark(goal.met)} ${goal.goal}`);
    print(`      target ${goal.target}; measured ${goal.measured}`);
  }
}

/** The same goals as docs/performance.md's table, with what the run was measured on. */
export function goalsMarkdown(results: Measured, goals: Goal[]): string {
  const { context } = results;
  const load = (values: number[]) => values.map((value) => value.toFixed(2)).join(' / ');
  return [
    `Commit ${context.commit}, ${results.startedAt.slice(0, 16).replace('T', ' ')} UTC, ` +
      `${results.machine.cpus} cores (${results.machine.cpuModel}); load average (1/5/15 min) ` +
      `${load(context.loadAverage.atStart)} at the start, ${load(context.loadAverage.atEnd)} at the end.`,
    '',
    '| goal | target | measured | met |',
    '| --- | --- | --- | --- |',
    ...goals.map((goal) => `| ${goal.goal} | ${goal.target} | ${goal.measured} | ${mark(goal.met)} |`),
    '',
  ].join('\n');
}
