import { existsSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/**
 * The repository root: DATA_DIR and the built web app are found relative to it. Found from the
 * running code's own place, which is src/config/config.ts under tsx and dist/server.js or
 * dist/cli/NAME.js in the bundle (docs/decisions/021-production-build.md): the nearest folder up
 * that holds apps/server.
 */
export const repositoryRoot = findRepositoryRoot(path.dirname(fileURLToPath(import.meta.url)));

function findRepositoryRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'apps/server/package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no TableServe checkout holds ${from}`);
  }
}

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value === '' ? undefined : value));

const duration = z
  .string()
  .regex(/^\d+[smhd]$/, 'must be a duration such as 45m, 12h or 7d')
  .transform((value) => {
    const units = { s: 1, m: 60, h: 3600, d: 86400 } as const;
    return Number(value.slice(0, -1)) * units[value.at(-1) as keyof typeof units];
  });

/**
 * Every environment variable the server reads, with its default. `.env.example` and the
 * README list the same set; a bad value stops the start with the variable's name.
 */
/** PostgreSQL connections per instance: 30 did no better than 10 at 200 connections on 2 cores (docs/performance.md). */
export const DEFAULT_DATABASE_POOL_SIZE = 10;

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Defaults to http://localhost:PORT. */
  PUBLIC_URL: optionalString.pipe(z.url().optional()),
  WEB_DIST_DIR: optionalString,
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^(memory:\/\/|postgres(ql)?:\/\/)/, 'must be memory:// or a postgres:// URL')
      .optional(),
  ),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(DEFAULT_DATABASE_POOL_SIZE),
  EMBEDDED_DATABASE_THREAD: z.enum(['main', 'worker']).default('worker'),
  REDIS_URL: optionalString.pipe(
    z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// URL')
      .optional(),
  ),
  REDIS_PREFIX: z
    .string()
    .regex(/^[\w.:-]{0,64}$/, 'must be up to 64 letters, digits, or . : _ -')
    .default(''),
  JWT_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  OWNER_TOKEN_TTL: duration.prefault('12h'),
  CUSTOMER_TOKEN_TTL: duration.prefault('12h'),
  SMTP_URL: optionalString.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
  ),
  MAIL_FROM: z.string().default('TableServe <no-reply@tableserve.local>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Which X-Forwarded-For hops to believe: rate limits key on the address this yields. `true`
  // believes the left-most entry, which the client writes itself behind a proxy that appends, so
  // a hop count or the proxy's addresses are the safe settings.
  TRUST_PROXY: z
    .string()
    .trim()
    .default('false')
    .refine(
      (value) =>
        /^(true|false|[1-9]\d?)$/.test(value) ||
        value.split(',').every((entry) => {
          const [address = '', prefix, ...rest] = entry.trim().split('/');
          return (
            isIP(address) !== 0 && rest.length === 0 && (prefix === undefined || /^\d{1,3}$/.test(prefix))
          );
        }),
      'must be false, true, a hop count (1-99) or comma-separated proxy addresses or CIDR ranges',
    )
    .transform((value): boolean | number | string =>
      value === 'true' ? true : value === 'false' ? false : /^\d+$/.test(value) ? Number(value) : value,
    ),
  STRIPE_SECRET_KEY: optionalString.pipe(
    z
      .string()
      .regex(/^(sk|rk)_/, 'must be a Stripe secret key (sk_…)')
      .optional(),
  ),
  STRIPE_WEBHOOK_SECRET: optionalString.pipe(
    z
      .string()
      .regex(/^whsec_/, 'must be a Stripe webhook secret (whsec_…)')
      .optional(),
  ),
  /** starter=price_…,professional=price_…,enterprise=price_…: the Stripe prices of the plans. */
  STRIPE_PRICES: optionalString.pipe(
    z
      .string()
      .regex(/^(\w+=price_\w+)(,\w+=price_\w+)*$/, 'must look like starter=price_123,professional=price_456')
      .optional(),
  ),
  TEST_PAYMENTS_FAIL_RENEWALS: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  SUBSCRIPTION_SWEEP_INTERVAL: duration.prefault('1m'),
  SEED_DEMO: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  /** Menu images: local (DATA_DIR/uploads, served by this server) or s3 (any S3-compatible store). */
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: optionalString,
  S3_REGION: optionalString,
  /** An S3-compatible endpoint (MinIO, R2, …); set means path-style URLs. Unset: AWS. */
  S3_ENDPOINT: optionalString.pipe(z.url().optional()),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  /** Where the bucket's objects are publicly read (a CDN); unset: the upload URL without its query. */
  S3_PUBLIC_URL: optionalString.pipe(z.url().optional()),
  /** A Google Maps browser key: set, the address is picked through Places autocomplete; unset, typed in plain fields. */
  GOOGLE_MAPS_API_KEY: optionalString,
  /** GET /metrics on the main port asks for `Authorization: Bearer <token>`. */
  METRICS_TOKEN: optionalString.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  /** A second listener for /metrics only, on an internal address, without a token. */
  METRICS_PORT: optionalString.pipe(z.coerce.number<string | undefined>().int().min(1).max(65535).optional()),
  METRICS_HOST: z.string().default('127.0.0.1'),
  /** After SIGTERM, how long /health/ready answers 503 before the server stops taking connections. */
  SHUTDOWN_DELAY: duration.prefault('0s'),
  /** How often the running server backs up its embedded database (0s: never). */
  BACKUP_INTERVAL: duration.prefault('0s'),
  BACKUP_DIR: optionalString,
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
  BACKUP_TO: z.enum(['dir', 's3']).default('dir'),
});

/** Rules across variables, which the per-variable schema cannot say. */
function crossFieldProblems(env: z.output<typeof EnvSchema>): string[] {
  const s3Users = [
    ...(env.STORAGE_DRIVER === 's3' ? ['STORAGE_DRIVER=s3'] : []),
    ...(env.BACKUP_TO === 's3' ? ['BACKUP_TO=s3'] : []),
  ];
  if (s3Users.length === 0) return [];
  const problems: string[] = [];
  if (!env.S3_BUCKET) problems.push(`S3_BUCKET: required when ${s3Users.join(' or ')}`);
  if (!env.S3_ACCESS_KEY_ID !== !env.S3_SECRET_ACCESS_KEY)
    problems.push(
      `${env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'}: set both S3 keys, or neither`,
    );
  return problems;
}

export type Env = z.input<typeof EnvSchema>;

export type Config = {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  publicUrl: string;
  dataDir: string;
  /** undefined: embedded PGlite in DATA_DIR/pglite. */
  databaseUrl: string | undefined;
  /** Connections the pg pool opens as needed and then keeps (PostgreSQL only; PGlite has one). */
  databasePoolSize: number;
  /** Where PGlite runs (db/client.ts): the server's thread, or a worker thread of its own. */
  embeddedThread: 'main' | 'worker';
  redisUrl: string | undefined;
  /** Begins every Redis key and channel: deployments sharing one Redis share nothing. */
  redisPrefix: string;
  jwtSecret: string | undefined;
  ownerTokenTtlSeconds: number;
  customerTokenTtlSeconds: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  logLevel: string;
  /** Fastify's trustProxy: off, every hop, the nearest N hops, or these proxies' addresses. */
  trustProxy: boolean | number | string;
  seedDemo: boolean;
  stripe:
    | { secretKey: string; webhookSecret: string | undefined; prices: Record<string, string> }
    | undefined;
  testPaymentsFailRenewals: boolean;
  /** 0 turns the lifecycle sweep off (tests call it by hand). */
  subscriptionSweepSeconds: number;
  /** Built SPA to serve, when it exists. */
  webDistDir: string | undefined;
  storage: StorageConfig;
  /** Published to the browser (GET /api/v1/public-config); undefined: plain address fields. */
  googleMapsApiKey: string | undefined;
  /**
   * GET /metrics: on the main port behind a bearer token, and/or on its own listener at
   * host:port without one. Neither set: not served.
   */
  metrics: { token: string | undefined; port: number | undefined; host: string };
  /** After SIGTERM, seconds of answering not-ready before the listener closes. */
  shutdownDelaySeconds: number;
  /** Backups of the embedded database by the running server; intervalSeconds 0: none scheduled. */
  backup: BackupConfig;
};

export type BackupConfig = {
  intervalSeconds: number;
  /** Where `dir` backups go (and where `npm run backup` writes by default). */
  dir: string;
  /** How many backups to keep at the target; older ones are deleted after each new one. */
  keep: number;
  /** dir: BACKUP_DIR; s3: the S3_* bucket, under the key prefix `backups/`. */
  to: { kind: 'dir' } | { kind: 's3'; s3: S3Config };
};

export type S3Config = {
  bucket: string;
  region: string;
  endpoint: string | undefined;
  /** undefined: the AWS SDK's default chain (environment, instance role, …). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  publicUrl: string | undefined;
};
export type StorageConfig = { driver: 'local' } | ({ driver: 's3' } & S3Config);

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  const problems = parsed.success
    ? crossFieldProblems(parsed.data)
    : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  if (!parsed.success || problems.length > 0) {
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  const s3: S3Config = {
    bucket: e.S3_BUCKET ?? '',
    region: e.S3_REGION ?? 'us-east-1',
    endpoint: e.S3_ENDPOINT?.replace(/\/+$/, ''),
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : undefined,
    publicUrl: e.S3_PUBLIC_URL?.replace(/\/+$/, ''),
  };
  const dataDir = path.resolve(repositoryRoot, e.DATA_DIR);
  const webDistDir = path.resolve(repositoryRoot, e.WEB_DIST_DIR ?? 'apps/web/dist');
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    embeddedThread: e.EMBEDDED_DATABASE_THREAD,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    jwtSecret: e.JWT_SECRET,
    ownerTokenTtlSeconds: e.OWNER_TOKEN_TTL,
    customerTokenTtlSeconds: e.CUSTOMER_TOKEN_TTL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    seedDemo: e.SEED_DEMO,
    stripe: e.STRIPE_SECRET_KEY
      ? {
          secretKey: e.STRIPE_SECRET_KEY,
          webhookSecret: e.STRIPE_WEBHOOK_SECRET,
          prices: Object.fromEntries(
            (e.STRIPE_PRICES ?? '')
              .split(',')
              .filter(Boolean)
              .map((pair) => pair.split('=') as [string, string]),
          ),
        }
      : undefined,
    testPaymentsFailRenewals: e.TEST_PAYMENTS_FAIL_RENEWALS,
    subscriptionSweepSeconds: e.SUBSCRIPTION_SWEEP_INTERVAL,
    webDistDir: existsSync(path.join(webDistDir, 'index.html')) ? webDistDir : undefined,
    storage: e.STORAGE_DRIVER === 's3' ? { driver: 's3', ...s3 } : { driver: 'local' },
    googleMapsApiKey: e.GOOGLE_MAPS_API_KEY?.trim() || undefined,
    metrics: { token: e.METRICS_TOKEN, port: e.METRICS_PORT, host: e.METRICS_HOST },
    shutdownDelaySeconds: e.SHUTDOWN_DELAY,
    backup: {
      intervalSeconds: e.BACKUP_INTERVAL,
      dir: path.resolve(repositoryRoot, e.BACKUP_DIR ?? path.join(dataDir, 'backups')),
      keep: e.BACKUP_KEEP,
      to: e.BACKUP_TO === 's3' ? { kind: 's3', s3 } : { kind: 'dir' },
    },
  };
}
