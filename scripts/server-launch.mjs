// How the production server is launched: Node's own flags, chosen by its deployment, and what its
// environment adds. `npm start` (start.mjs) and the bench's servers launch it with both; the
// systemd unit (deploy/systemd/tableserve@.service, always the PostgreSQL deployment) writes them
// out, and this module's test keeps the unit in step.

/** The young generation's semi-space for the PostgreSQL deployment, in MB (V8's default: 16). */
const POSTGRES_SEMI_SPACE_MB = 64;

/**
 * On PostgreSQL, the deployment for many restaurants and thousands of sockets, V8's young
 * generation may grow to 64 MB a semi-space. A status change allocates about 80 KB (the request,
 * the query's result, the response, the event), so at 500 changes a second the default young
 * generation was scavenged every 0.3 s, each pause 11–21 ms with 10,000 sockets' objects to
 * scan, and what was still in flight was promoted, so the old generation filled and was marked
 * again and again on the other core (docs/performance.md, "Status changes: the young
 * generation"). The embedded default, one restaurant on a 1 GB machine, keeps V8's size: the
 * larger one costs it about 20 MB at idle. Where these flags are added (not in the systemd unit,
 * which writes them out), an operator's NODE_OPTIONS naming the size wins.
 *
 * @param {Record<string, string | undefined>} env the server's environment
 * @returns {string[]}
 */
export function serverNodeArgs(env) {
  // As db/client.ts tells them apart: memory:// is PGlite too.
  if (!env.DATABASE_URL?.startsWith('postgres')) return [];
  if ((env.NODE_OPTIONS ?? '').includes('--max-semi-space-size')) return [];
  return [`--max-semi-space-size=${POSTGRES_SEMI_SPACE_MB}`];
}

/**
 * glibc's allocator keeps the blocks it frees for reuse, and above a threshold that grows with use
 * it maps large ones on their own. Fixed at 128 KiB, the large blocks the start-up frees (PGlite's
 * WebAssembly compilation above all) go back to the system: about 30 MB less resident at idle
 * (docs/performance.md).
 */
const MALLOC_MMAP_THRESHOLD = '131072';

/**
 * The server's environment: `env` with the allocator's threshold above, unless the operator set
 * their own.
 *
 * @param {Record<string, string | undefined>} env
 * @returns {Record<string, string | undefined>}
 */
export function serverEnvironment(env) {
  return { MALLOC_MMAP_THRESHOLD_: MALLOC_MMAP_THRESHOLD, ...env };
}
