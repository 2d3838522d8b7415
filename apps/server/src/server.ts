import { existsSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from './app';
import { startBenchReport } from './bench-report';
import { ConfigError, loadConfig, repositoryRoot } from './config/config';
import { collectStartupGarbage } from './lib/startup-garbage';
import { startMetricsListener } from './plugins/metrics';
import { seedDemoData } from './seed/demo';
import { createShutdown } from './shutdown';

// A .env at the repository root is optional; real environment variables win over it.
const envFile = path.join(repositoryRoot, '.env');
if (existsSync(envFile)) process.loadEnvFile(envFile);

async function main() {
  const config = loadConfig();
  if (config.env === 'production' && !config.jwtSecret) {
    throw new ConfigError('Invalid configuration:\n  JWT_SECRET: must be set when NODE_ENV=production');
  }
  const app = await buildApp(config);
  // npm run bench only: event-loop delay and peak memory on SIGUSR2 (bench-report.ts).
  startBenchReport(process.env.BENCH_REPORT_FILE);

  const { port: metricsPort, host: metricsHost } = config.metrics;
  const metricsListener =
    metricsPort === undefined
      ? undefined
      : await startMetricsListener(app.metrics, { host: metricsHost, port: metricsPort });

  // Drain, finish in-flight requests, then close everything, on SIGTERM/SIGINT (shutdown.ts).
  const shutdown = createShutdown({
    app,
    delaySeconds: config.shutdownDelaySeconds,
    alsoClose:
      metricsListener && (() => new Promise<void>((resolve) => metricsListener.close(() => resolve()))),
    exit: (code) => process.exit(code),
  });
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => void shutdown(signal));

  const demo =
    config.seedDemo && config.env !== 'production' && app.database.embeddedOnDisk
      ? await seedDemoData(app.database.db, { publicUrl: config.publicUrl })
      : undefined;

  await app.listen({ host: config.host, port: config.port });
  await app.database.collectStartupGarbage();
  collectStartupGarbage();
  const lines = [`TableServe is running at ${config.publicUrl}`, `API docs: ${config.publicUrl}/api/docs`];
  if (metricsListener) lines.push(`Metrics: http://${metricsHost}:${metricsPort}/metrics`);
  if (!config.webDistDir)
    lines.push('The web app is not built: run `npm run build` (npm start does it for you).');
  if (demo) {
    lines.push(
      demo.created ? 'Demo data created on this empty database:' : 'Demo data:',
      `  Owner login: ${demo.email} / ${demo.password}`,
      `  Diner menu:  ${demo.menuUrl}`,
      `  Checkout coupons: ${demo.coupons.join(', ')}; test cards 4242 4242 4242 4242 (pays), 4000 0000 0000 0002 (declined)`,
    );
  }
  console.log(`\n${lines.join('\n')}\n`);
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
