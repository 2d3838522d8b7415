import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builds, ensureBuilt, repositoryRoot } from './build.mjs';

/**
 * The production server bundle runs on plain Node (docs/decisions/021-production-build.md): no
 * tsx, no loader, its migrations and the sheets' and receipts' workers found from apps/server/dist.
 */
const dist = path.join(repositoryRoot, 'apps/server/dist');
let dataDir;

beforeAll(async () => {
  // `npm test` has just built it; run alone, this builds it when missing or out of date.
  await ensureBuilt({ list: builds.filter((build) => build.name === 'server') });
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'tableserve-bundle-'));
}, 300_000);
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** The bundled worker `file`'s answer to one job, started as the server starts it. */
async function answerOf(file, job) {
  const worker = new Worker(path.join(dist, file), { execArgv: [] });
  try {
    return await new Promise((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
      worker.postMessage(job);
    });
  } finally {
    await worker.terminate();
  }
}

describe('the server bundle', () => {
  it('starts with plain node on the embedded database, migrated, and answers its health check', async () => {
    const child = spawn(process.execPath, [path.join(dist, 'server.js')], {
      cwd: os.tmpdir(),
      // No loader reaches the process through the environment either.
      env: {
        PATH: process.env.PATH,
        NODE_OPTIONS: '',
        NODE_ENV: 'production',
        JWT_SECRET: 'a'.repeat(64),
        HOST: '127.0.0.1',
        PORT: '0',
        DATA_DIR: dataDir,
        DATABASE_URL: 'memory://',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    const exited = new Promise((resolve) => child.on('exit', resolve));
    try {
      while (!output.includes('TableServe is running')) {
        if (child.exitCode !== null) throw new Error(`the bundle stopped:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const port = output.match(/Server listening at http:\/\/127\.0\.0\.1:(\d+)/)?.[1];
      const health = await fetch(`http://127.0.0.1:${port}/api/v1/health`);
      expect(health.status).toBe(200);
      // "up" only once the committed migrations ran (apps/server/drizzle, found from dist/).
      expect(await health.json()).toEqual({ status: 'ok', database: 'up' });
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  }, 120_000);

  it("ships the sheets' worker beside the server, bundled, which makes a restaurant's codes", async () => {
    const result = await answerOf('table-sheets.worker.cjs', {
      source: {
        id: 1,
        tableSecret: 's'.repeat(43),
        publicUrl: 'http://tableserve.test',
        name: 'Blue Door Bistro',
        token: 'a'.repeat(32),
        numberOfTables: 2,
      },
    });
    expect(result.codes.restaurant_name).toBe('Blue Door Bistro');
    expect(result.codes.codes).toHaveLength(2);
    // Each card's link carries its table's key (docs/decisions/025-table-keys.md).
    expect(result.codes.codes[1].link).toMatch(/&table=2&key=[\w-]{16}$/);
  });

  it("ships the receipts' worker beside the server, bundled, which draws a receipt's PDF", async () => {
    const pdf = await answerOf('receipts.worker.cjs', {
      paymentId: 7,
      billId: 3,
      restaurantId: 1,
      restaurant: {
        name: 'Blue Door Bistro',
        address: '1 Main St',
        city: 'Portland',
        state: 'OR',
        zip: '97201',
        phone: '5035550100',
        taxRegistrationNumber: 'US 93-1234567',
      },
      tableNumber: 4,
      orderIds: [12],
      moreOrders: 0,
      paidDate: 'Mar 2, 2026',
      paidTime: '11:42 AM PST',
      lines: [{ label: 'Soup', options: '', amountCents: 600 }],
      figures: {
        lines: [],
        subtotalCents: 600,
        taxes: [],
        taxCents: 0,
        taxIncluded: false,
        serviceCents: 0,
        totalCents: 600,
      },
      shareCents: null,
      tipCents: 0,
      chargedCents: 600,
      paymentMethod: 'Visa •••• 4242',
      refunds: [],
      receiptEmail: null,
      receiptTokenHash: '0'.repeat(64),
    });
    expect(Buffer.from(pdf).subarray(0, 5).toString()).toBe('%PDF-');
  });
});
