import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';

/** However the close goes, the process ends this long after it began. */
const FORCED_EXIT_MS = 10_000;

/** After the listener closes, how long a connection it accepted has to deliver its request. */
const SETTLE_MS = 1_000;

/**
 * The graceful stop of one instance (docs/operations.md#health-and-metrics), in order:
 * 1. draining: /health/ready answers 503 and every answer closes its connection;
 * 2. after `delaySeconds` (time for a balancer polling readiness to stop sending), the listener
 *    closes, alone; a second later (the requests of connections it had accepted have arrived),
 *    the app closes: requests in flight are finished, idle connections closed as soon as they fall idle,
 *    sockets dropped at the transport (their clients reconnect elsewhere);
 * 3. the app's onClose hooks close the database, Redis and the rest; `alsoClose` follows;
 * 4. exit(0), or exit(1) on an error or when the close takes longer than 10 s.
 * Calling it again (a second signal) returns the same stop.
 */
export function createShutdown(deps: {
  app: FastifyInstance;
  delaySeconds: number;
  /** Closed after the app (the metrics listener). */
  alsoClose?: () => Promise<void>;
  exit: (code: number) => void;
  /** The wait of step 2 (tests: a promise they resolve). */
  wait?: (seconds: number) => Promise<unknown>;
  /** How long accepted connections get to deliver their request once the listener closed. */
  settleMs?: number;
}) {
  const { app, exit } = deps;
  const wait = deps.wait ?? ((seconds: number) => sleep(seconds * 1000));
  let stopping: Promise<void> | undefined;

  async function stop(signal: string) {
    app.lifecycle.draining = true;
    app.log.info({ signal, delaySeconds: deps.delaySeconds }, 'shutting down: draining');
    await wait(deps.delaySeconds);
    // No new connections, and none dropped: http.Server#close() (which app.close() calls) also
    // drops the connections that hold no request yet, among them ones a proxy has just sent a
    // POST on, which it never resends (a 502 for the diner). net.Server's own close only stops
    // accepting; refused connections the proxy retries on the other instance.
    net.Server.prototype.close.call(app.server);
    await sleep(deps.settleMs ?? SETTLE_MS);
    app.log.info('shutting down: finishing in-flight requests');
    const forceExit = setTimeout(() => {
      app.log.error('shutting down: still closing after 10 s, exiting');
      exit(1);
    }, FORCED_EXIT_MS);
    forceExit.unref();
    // Keep-alive connections that finish their last request after close() began would hold
    // the server open until their idle timeout: close each as soon as it falls idle.
    const closeIdle = setInterval(() => app.server.closeIdleConnections(), 50);
    closeIdle.unref();
    try {
      await app.close();
      await deps.alsoClose?.();
      exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error while shutting down');
      exit(1);
    } finally {
      clearTimeout(forceExit);
      clearInterval(closeIdle);
    }
  }

  return (signal: string): Promise<void> => {
    stopping ??= stop(signal);
    return stopping;
  };
}
