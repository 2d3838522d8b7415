import { config } from 'zod/v4/core';

/**
 * Zod compiles a faster object parser with `new Function`, and probes whether it may as soon as a
 * page builds its first object schema. This app's Content-Security-Policy allows no
 * 'unsafe-eval', so the probe is blocked: harmless, but every page that loads zod logged a
 * violation and would send a CSP report for it (issue 18). Jitless skips the probe and the
 * compiled parser; parsing gives the same results. It must be set before any schema is built:
 * main.tsx imports this first, and zod's schemas come only with page chunks loaded after it.
 * Only `config` comes from zod's core here, so the entry stays small.
 */
config({ jitless: true });
