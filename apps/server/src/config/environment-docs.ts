import type { Env } from './config';

type VariableDoc = {
  /** The default as an operator reads it; '' means unset. */
  default: string;
  /** One line for the table; the .env.example comment says the same. */
  meaning: string;
  /** Where it is read: the server at start (most), or the web build. */
  readBy?: 'web build';
};

/**
 * Every environment variable, documented once. The record is keyed by the config schema's own
 * variables, so a variable added there fails the type-check until it is documented here;
 * docs/operations.md's table and .env.example are generated from it (`npm run docs:env`) and a
 * test fails when they differ, so neither can drift.
 */
export const environmentVariables: Record<keyof Env, VariableDoc> & Record<string, VariableDoc> = {
  NODE_ENV: {
    default: 'development',
    meaning: '`production` requires `JWT_SECRET` and never seeds demo data',
  },
  HOST: { default: '0.0.0.0', meaning: 'the address the server listens on' },
  PORT: { default: '3000', meaning: 'the port the server listens on' },
  PUBLIC_URL: {
    default: 'http://localhost:$PORT',
    meaning: 'the address people use: email links and QR codes point here',
  },
  WEB_DIST_DIR: {
    default: 'apps/web/dist',
    meaning:
      'the built web app: the web build publishes it there, beside the assets of earlier builds, and the server serves it',
  },
  DATA_DIR: {
    default: './data',
    meaning: 'all local state: embedded database, mail outbox, uploads, generated secrets, backups',
  },
  DATABASE_URL: {
    default: '',
    meaning:
      'unset: PGlite in `DATA_DIR/pglite`; `memory://` for a throwaway database; `postgres://…` for PostgreSQL',
  },
  DATABASE_POOL_SIZE: {
    default: '10',
    meaning:
      "connections to PostgreSQL each instance opens as it needs them and then keeps open (1-100); all instances together must stay under the server's `max_connections`",
  },
  EMBEDDED_DATABASE_THREAD: {
    default: 'worker',
    meaning:
      "where PGlite runs: `worker`, a thread of its own, so a busy restaurant's queries never hold up other requests, or `main`, the server's own thread (a little less memory, but each statement holds every other request up while it runs)",
  },
  REDIS_URL: {
    default: '',
    meaning: 'shares rate-limit counters and real-time (Socket.IO) rooms between instances',
  },
  REDIS_PREFIX: {
    default: '',
    meaning:
      'begins every Redis key and channel (rate-limit counters, Socket.IO rooms, cache invalidations), so that two deployments, or production and its staging, can share one Redis without sharing rooms or limits; the same on every instance of one deployment (up to 64 of `A-Z a-z 0-9 . : _ -`, e.g. `staging:`)',
  },
  JWT_SECRET: {
    default: '',
    meaning:
      'signs login tokens (32+ characters); unset: generated into `DATA_DIR/secrets.json`; required in production, and the same on every instance',
  },
  OWNER_TOKEN_TTL: { default: '12h', meaning: "owners' and staff's login lifetime (`s`, `m`, `h`, `d`)" },
  CUSTOMER_TOKEN_TTL: { default: '12h', meaning: "diners' login lifetime (`s`, `m`, `h`, `d`)" },
  SMTP_URL: {
    default: '',
    meaning:
      'e.g. `smtps://user:pass@smtp.example.com:465`; unset: every email is saved under `DATA_DIR/outbox` and its links are logged',
  },
  MAIL_FROM: { default: 'TableServe <no-reply@tableserve.local>', meaning: 'sender of every email' },
  LOG_LEVEL: {
    default: 'info',
    meaning:
      'pino level (`fatal` … `trace`, `silent`); logs are JSON, one line per request, with its request id',
  },
  TRUST_PROXY: {
    default: 'false',
    meaning:
      'behind a reverse proxy: its addresses or CIDR ranges (`10.0.0.2,10.0.1.0/24`) or the number of proxies in front (`1`), so client IPs come from `X-Forwarded-For`; `true` believes every hop, which a client can forge',
  },
  STRIPE_SECRET_KEY: {
    default: '',
    meaning: 'Stripe secret key; unset: built-in test payments (4242 4242 4242 4242 pays)',
  },
  STRIPE_WEBHOOK_SECRET: {
    default: '',
    meaning:
      'verifies `POST /api/v1/subscription/webhook` and `POST /api/v1/payments/webhook`, served only when set',
  },
  STRIPE_PRICES: { default: '', meaning: '`starter=price_…,professional=price_…,enterprise=price_…`' },
  VITE_STRIPE_PUBLISHABLE_KEY: {
    default: '',
    meaning: 'Stripe Elements key (`pk_…`); unset: the built-in test card form',
    readBy: 'web build',
  },
  GOOGLE_MAPS_API_KEY: {
    default: '',
    meaning:
      "a Google Maps browser key: the restaurant's address is picked through Places autocomplete; sent to browsers, so restrict it by HTTP referrer",
  },
  TEST_PAYMENTS_FAIL_RENEWALS: {
    default: 'false',
    meaning: 'test payments only: every renewal fails (to see grace and expiry)',
  },
  SUBSCRIPTION_SWEEP_INTERVAL: {
    default: '1m',
    meaning: 'how often renewals, grace periods, period ends and unpaid orders are processed (`0s`: off)',
  },
  SEED_DEMO: {
    default: 'true',
    meaning: 'demo data on the first start of an empty embedded database (never in production)',
  },
  STORAGE_DRIVER: {
    default: 'local',
    meaning:
      'menu images: `local` keeps them in `DATA_DIR/uploads`; `s3` uploads them to a bucket through presigned URLs',
  },
  S3_BUCKET: { default: '', meaning: 'the bucket, required when `STORAGE_DRIVER=s3` or `BACKUP_TO=s3`' },
  S3_REGION: { default: 'us-east-1', meaning: "the bucket's region" },
  S3_ENDPOINT: {
    default: '',
    meaning: 'an S3-compatible endpoint (MinIO, R2, …), addressed path-style; unset: AWS S3',
  },
  S3_ACCESS_KEY_ID: {
    default: '',
    meaning: "set with `S3_SECRET_ACCESS_KEY`, or neither: the AWS SDK's default credentials",
  },
  S3_SECRET_ACCESS_KEY: { default: '', meaning: 'see `S3_ACCESS_KEY_ID`' },
  S3_PUBLIC_URL: {
    default: '',
    meaning: "where the bucket's objects are read publicly (a CDN); unset: the object's S3 URL",
  },
  METRICS_TOKEN: {
    default: '',
    meaning:
      'serves Prometheus `GET /metrics` on the main port to `Authorization: Bearer <token>` (16+ characters)',
  },
  METRICS_PORT: {
    default: '',
    meaning: 'serves `GET /metrics` on a listener of its own at `METRICS_HOST`, without a token',
  },
  METRICS_HOST: { default: '127.0.0.1', meaning: "the metrics listener's address: keep it internal" },
  SHUTDOWN_DELAY: {
    default: '0s',
    meaning:
      'after SIGTERM, `/health/ready` answers 503 this long before the listener closes (for a balancer that polls readiness)',
  },
  BACKUP_INTERVAL: {
    default: '0s',
    meaning: 'how often the running server backs up its embedded database (`0s`: never)',
  },
  BACKUP_DIR: {
    default: '$DATA_DIR/backups',
    meaning: 'where `npm run backup` and scheduled backups (`BACKUP_TO=dir`) write',
  },
  BACKUP_KEEP: { default: '7', meaning: 'how many scheduled backups to keep; older ones are deleted' },
  BACKUP_TO: {
    default: 'dir',
    meaning: '`dir`: `BACKUP_DIR`; `s3`: the `S3_*` bucket, under the prefix `backups/`',
  },
};

const cell = (text: string) => text.replaceAll('|', '\\|');

/** The Markdown table of docs/operations.md. */
export function environmentTable(): string {
  const rows = Object.entries(environmentVariables).map(
    ([name, doc]) =>
      `| \`${name}\` | ${doc.default ? `\`${cell(doc.default)}\`` : 'unset'} | ${cell(doc.meaning)}${doc.readBy ? ` (read by the ${doc.readBy})` : ''} |`,
  );
  return ['| variable | default | meaning |', '| --- | --- | --- |', ...rows].join('\n');
}

/** .env.example: every variable with its default, commented by its meaning. */
export function environmentExample(): string {
  const header = [
    '# TableServe configuration, generated from apps/server/src/config/environment-docs.ts (npm run docs:env).',
    '# Every variable is optional; the values below are the defaults. Copy to .env at the repository root',
    '# (real environment variables win over the file). docs/operations.md explains each.',
  ];
  const entries = Object.entries(environmentVariables).flatMap(([name, doc]) => [
    '',
    `# ${doc.meaning.replaceAll('`', '')}${doc.readBy ? ` (read by the ${doc.readBy})` : ''}`,
    `${name}=${doc.default.includes('$') ? '' : doc.default}`,
  ]);
  return `${[...header, ...entries].join('\n')}\n`;
}
