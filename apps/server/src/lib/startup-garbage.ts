import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * One full garbage collection of this thread's heap, once start-up is over (server.ts; the
 * embedded database's thread, embedded-worker.ts). Starting leaves tens of megabytes of garbage
 * and an enlarged young generation that an idle server otherwise keeps until V8's memory reducer
 * gets to them, 20 to 40 s later, or never while requests trickle in (docs/performance.md, the
 * embedded default's memory). V8 offers the collection only through its `gc` extension: exposed
 * for one new context, as jest's leak detector does, then hidden again. Twice: the first frees the
 * garbage's pages into V8's pool, the second hands the pool back to the system.
 */
export function collectStartupGarbage(): void {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  setFlagsFromString('--no-expose-gc');
  gc();
  gc();
}
