import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '@tableserve/server/app';
import { loadConfig } from '@tableserve/server/config';
import type { OutboxEntry } from '@tableserve/server/mail';
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Headless Debian Chromium as a test machine runs it: no sandbox, GPU or background traffic. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * The real product for one journey: the built web app and the API on one port, on an
 * in-memory database with its own outbox, and a headless Debian Chromium.
 */
export async function startProduct(options: { env?: Record<string, string> } = {}) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tableserve-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: 'memory://',
    LOG_LEVEL: 'warn',
    PUBLIC_URL: baseUrl,
    // Journeys run the subscription sweep themselves, right after moving the clock.
    SUBSCRIPTION_SWEEP_INTERVAL: '0s',
    // A build elsewhere than apps/web/dist, when one is being rebuilt meanwhile.
    ...(process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.WEB_DIST_DIR } : {}),
    ...options.env,
  });
  if (!config.webDistDir)
    throw new Error('The web app is not built: run `npm run build` first (npm test does).');
  // The server's clock, which a journey can move forward (renewals, grace periods, expiry).
  let offsetMs = 0;
  const now = () => new Date(Date.now() + offsetMs);
  let app = await buildApp(config, { now });
  await app.listen({ host: '127.0.0.1', port });

  const browser: Browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
  });

  const outboxDir = path.join(dataDir, 'outbox');
  async function mailTo(to: string, count = 1): Promise<OutboxEntry> {
    for (let attempt = 0; attempt < 200; attempt++) {
      const files = (await readdir(outboxDir).catch(() => []))
        .filter((file) => file.endsWith('.json'))
        .sort();
      const messages: OutboxEntry[] = await Promise.all(
        files.map(async (file) => JSON.parse(await readFile(path.join(outboxDir, file), 'utf8'))),
      );
      const mine = messages.filter((message) => message.to === to);
      if (mine.length >= count) return mine[count - 1]!;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`no mail #${count} to ${to}`);
  }

  return {
    /** The running server; a new instance after restart(). */
    get app() {
      return app;
    },
    baseUrl,
    /** Moves the server's clock, and the clock of every page of `context`, forward by `ms`. */
    async advanceClock(ms: number, context?: BrowserContext) {
      offsetMs += ms;
      await context?.clock.setSystemTime(new Date(Date.now() + offsetMs));
    },
    browser,
    mailTo,
    /**
     * A fresh browser profile; `phone` gives the 390-px viewport of a diner's phone. Other
     * Playwright context options (geolocation, permissions…) pass through.
     */
    newContext({
      phone,
      ...options
    }: { phone?: boolean } & BrowserContextOptions = {}): Promise<BrowserContext> {
      return browser.newContext({
        baseURL: baseUrl,
        viewport: phone ? { width: 390, height: 844 } : { width: 1280, height: 900 },
        deviceScaleFactor: 1,
        isMobile: phone ?? false,
        hasTouch: phone ?? false,
        ...options,
      });
    },
    /**
     * Restarts the server as a deploy does: a graceful shutdown (in-flight requests finish, every
     * socket is told goodbye), then a new instance on the same data directory and port.
     * `whileDown` runs against the new instance before it listens, so what it changes happens
     * while no browser can reach the server. Answers when the server listens again. Data survives
     * only with the database on disk (`env: { DATABASE_URL: '' }`), not the default memory://.
     */
    async restart({ whileDown }: { whileDown?: (app: App) => Promise<void> } = {}): Promise<number> {
      await app.close();
      app = await buildApp(config, { now });
      await whileDown?.(app);
      await app.listen({ host: '127.0.0.1', port });
      return Date.now();
    },
    async stop() {
      await browser.close();
      await app.close();
      await rm(dataDir, { recursive: true, force: true, maxRetries: 5 });
    },
  };
}

export type Product = Awaited<ReturnType<typeof startProduct>>;
type App = Awaited<ReturnType<typeof buildApp>>;
