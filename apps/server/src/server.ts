import { existsSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from './app';
import { startBenchReport } from './bench-report';
import { ConfigError, loadConfig, repositoryRoot } from './config/config';
import { seedDemoData } from './seed/demo';

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

  // Finish in-flight requests, then close the database, on SIGTERM/SIGINT.
  let closing = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      app.log.info({ signal }, 'shutting down: finishing in-flight requests');
      const forceExit = setTimeout(() => process.exit(1), 10_000);
      forceExit.unref();
      // Keep-alive connections that finish their last request after close() began would hold
      // the server open until their idle timeout: close each as soon as it falls idle.
      setInterval(() => app.server.closeIdleConnections(), 50).unref();
      app.close().then(
        () => process.exit(0),
        (error) => {
          app.log.error({ err: error }, 'error while shutting down');
          process.exit(1);
        },
      );
    });
  }

  const demo =
    config.seedDemo && config.env !== 'production' && app.database.embeddedOnDisk
      ? await seedDemoData(app.database.db, { publicUrl: config.publicUrl })
      : undefined;

  await app.listen({ host: config.host, port: config.port });
  const lines = [`TableServe is running at ${config.publicUrl}`, `API docs: ${config.publicUrl}/api/docs`];
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
