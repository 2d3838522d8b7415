/**
 * Zod compiles a faster object parser with `new Function`, and probes whether it may as soon as a
 * page builds its first object schema. This app's Content-Security-Policy allows no
 * 'unsafe-eval', so the probe is blocked: harmless, but every page that loads zod logged a
 * violation and would send a CSP report for it. Jitless skips the probe and the compiled parser;
 * parsing gives the same results. It must be set before any schema is built: main.tsx imports
 * this first, and zod's schemas come only with page chunks loaded after it.
 *
 * Zod keeps its settings on `globalThis.__zod_globalConfig` and adopts an object already there,
 * so the setting is made (on zod's own object, should zod have loaded first) without importing zod into the entry (its `config` would bring 3 KiB of
 * zod's core into every first load). zod-jitless.test.ts pins that zod reads it.
 */
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodGlobal.__zod_globalConfig ??= {};
zodGlobal.__zod_globalConfig.jitless = true;

// A module, so main.tsx can import it for its effect.
export {};
