/**
 * `npm run lighthouse`: docs/performance.md's Lighthouse figures. Builds the web app, seeds the demo
 * restaurant with a photo per dish into a fresh embedded database, starts the server as deployed
 * (production mode), and runs Lighthouse in its mobile mode (a mid-range phone: 4× CPU slowdown,
 * simulated slow 4G) on the diner's menu, the landing page and the login page with Debian's
 * Chromium. Each page runs LIGHTHOUSE_RUNS times (default 3) and the median run by performance
 * counts. Prints a table and writes bench/results/lighthouse.json, and each page's median report
 * as bench/results/lighthouse-<page>.lhr.json (open it in the Lighthouse viewer). Reports; never
 * fails on a score.
 *
 *   npm run lighthouse [-- --no-build]
 *   CHROMIUM_PATH (default /usr/bin/chromium), LIGHTHOUSE_PAGES=menu,landing,login (default all)
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
// @ts-expect-error: a plain ES module of the repository's scripts, without types
import { ensureChromium } from '../scripts/ensure-chromium.mjs';
import { addPhotosToDemoMenu, seedDemoRestaurant } from './lib/demo-menu';
import { killAllChildren } from './lib/processes';
import { startServer } from './lib/server-process';

const repositoryRoot = fileURLToPath(new URL('..', import.meta.url));
const resultsFile = fileURLToPath(new URL('./results/lighthouse.json', import.meta.url));
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const metrics = {
  FCP: 'first-contentful-paint',
  LCP: 'largest-contentful-paint',
  TBT: 'total-blocking-time',
  CLS: 'cumulative-layout-shift',
  SI: 'speed-index',
} as const;
const TARGET = 95;
/** Lighthouse's own trace sometimes misses the navigation's start (NO_NAVSTART) on a loaded machine: such a run is run again, twice at most. */
const TRACE_RETRIES = 2;

type PageResult = {
  page: string;
  url: string;
  scores: Record<(typeof categories)[number], number>;
  metrics: Record<keyof typeof metrics, number>;
  performanceRuns: number[];
  /** The median run's biggest opportunities and diagnostics, for what to do next. */
  limits: string[];
};

process.on('exit', killAllChildren);
ensureChromium();

if (!process.argv.includes('--no-build')) {
  console.log('Building the web app (npm run build)…');
  const build = spawnSync('npm', ['run', 'build'], { cwd: repositoryRoot, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const workDir = await mkdtemp(path.join(os.tmpdir(), 'tableserve-lighthouse-'));
const dataDir = path.join(workDir, 'data');
const token = await seedDemoRestaurant(dataDir);
const server = await startServer({
  label: 'lighthouse',
  workDir,
  databaseUrl: undefined,
  dataDir,
  redisUrl: undefined,
  jwtSecret: randomBytes(32).toString('hex'),
  logLevel: 'warn',
});
const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});

mkdirSync(path.dirname(resultsFile), { recursive: true });
const results: PageResult[] = [];
try {
  // The server's address as its PUBLIC_URL names it (http://localhost:PORT): uploaded photos'
  // URLs are absolute, and the page's Content-Security-Policy allows only its own origin.
  const origin = server.url.replace('127.0.0.1', 'localhost');
  const photos = await addPhotosToDemoMenu(origin);
  console.log(`Demo restaurant seeded with ${photos} dishes, each with a photo.`);
  const only = process.env.LIGHTHOUSE_PAGES?.split(',');
  const pages = [
    { page: 'menu', url: `${origin}/menu-display?token=${token}` },
    { page: 'landing', url: `${origin}/` },
    { page: 'login', url: `${origin}/login` },
  ].filter(({ page }) => !only || only.includes(page));
  for (const { page, url } of pages) {
    const lhrs = [];
    for (let run = 1; run <= runs; run += 1) {
      const lhr = await audit(page, url);
      lhrs.push(lhr);
      const figures = (['FCP', 'LCP', 'TBT'] as const)
        .map((name) => `${name} ${Math.round(lhr.audits[metrics[name]]?.numericValue ?? Number.NaN)} ms`)
        .join(', ');
      console.log(`  ${page} run ${run}/${runs}: performance ${score(lhr, 'performance')} (${figures})`);
    }
    lhrs.sort((a, b) => score(a, 'performance') - score(b, 'performance'));
    const median = lhrs[Math.floor(lhrs.length / 2)]!;
    writeFileSync(resultsFile.replace(/\.json$/, `-${page}.lhr.json`), JSON.stringify(median));
    results.push({
      page,
      url: url.replace(origin, ''),
      scores: Object.fromEntries(
        categories.map((category) => [category, score(median, category)]),
      ) as PageResult['scores'],
      metrics: Object.fromEntries(
        Object.entries(metrics).map(([name, id]) => [name, median.audits[id]?.numericValue ?? Number.NaN]),
      ) as PageResult['metrics'],
      performanceRuns: lhrs.map((lhr) => score(lhr, 'performance')),
      limits: limitsOf(median),
    });
  }
} finally {
  await chrome.kill();
  await server.stop();
  await rm(workDir, { recursive: true, force: true });
}

async function audit(page: string, url: string) {
  for (let attempt = 0; ; attempt += 1) {
    const answer = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...categories],
    });
    if (!answer) throw new Error(`Lighthouse gave no result for ${url}`);
    const { runtimeError } = answer.lhr;
    if (!runtimeError) return answer.lhr;
    if (runtimeError.code !== 'NO_NAVSTART' || attempt === TRACE_RETRIES)
      throw new Error(`${page}: ${runtimeError.code} ${runtimeError.message}`);
    console.log(`  ${page}: ${runtimeError.code}, running again`);
  }
}

function score(lhr: { categories: Record<string, { score: number | null } | undefined> }, category: string) {
  return Math.round((lhr.categories[category]?.score ?? 0) * 100);
}

/** The performance audits that failed, worst first (what limits the score), then any other failed audit. */
function limitsOf(lhr: {
  categories: Record<string, { auditRefs: Array<{ id: string }> } | undefined>;
  audits: Record<
    string,
    { score: number | null; title: string; displayValue?: string; scoreDisplayMode?: string }
  >;
}): string[] {
  const performance = new Set(lhr.categories.performance?.auditRefs.map((ref) => ref.id));
  const failed = Object.entries(lhr.audits)
    .filter(
      ([, audit]) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative',
    )
    .sort(([, a], [, b]) => (a.score ?? 0) - (b.score ?? 0));
  const describe = ([, audit]: (typeof failed)[number]) =>
    `${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}`;
  return [
    ...failed.filter(([id]) => performance.has(id)).slice(0, 6),
    ...failed.filter(([id]) => !performance.has(id)),
  ].map(describe);
}

const format = (name: keyof typeof metrics, value: number) =>
  name === 'CLS'
    ? value.toFixed(3)
    : name === 'TBT'
      ? `${Math.round(value)} ms`
      : `${(value / 1000).toFixed(1)} s`;
const header = ['page', ...categories, ...Object.keys(metrics), 'perf runs'];
const rows = results.map((result) => [
  result.page,
  ...categories.map(
    (category) => `${result.scores[category]}${result.scores[category] >= TARGET ? '' : ' ✗'}`,
  ),
  ...(Object.keys(metrics) as Array<keyof typeof metrics>).map((name) => format(name, result.metrics[name])),
  result.performanceRuns.join('/'),
]);
const widths = header.map((_, index) => Math.max(...[header, ...rows].map((row) => row[index]!.length)));
console.log(`\nLighthouse ${runs > 1 ? `(median of ${runs} runs) ` : ''}mobile, target ${TARGET} each`);
for (const row of [header, ...rows])
  console.log(row.map((cell, index) => cell.padEnd(widths[index]!)).join('  '));
for (const result of results) {
  if (result.limits.length > 0) console.log(`\n${result.page}: ${result.limits.join('; ')}`);
}
writeFileSync(
  resultsFile,
  `${JSON.stringify({ date: new Date().toISOString(), runs, lighthouse: '12.2.3', pages: results }, null, 2)}\n`,
);
console.log(`\nWritten to ${path.relative(repositoryRoot, resultsFile)}`);
process.exit(0);
