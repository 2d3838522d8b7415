import { Worker } from 'node:worker_threads';
import { createBoundedLine } from './bounded-line';

/**
 * One worker thread behind a bounded line (docs/decisions/013-table-codes.md, amendment; and
 * docs/performance.md, "Bounded work"): jobs whose cost grows with stored data (a PDF, a sheet of codes)
 * are done off the event loop, one at a time, with at most `waiting` more waiting their turn;
 * beyond that the caller is refused at once (`refuse`: a 503 with Retry-After) and holds nothing.
 * The event loop only hands jobs over, and memory holds one job in the making, whatever the
 * number of callers. One worker, not a pool: it leaves a core to the event loop on a 2-core host.
 *
 * The worker's file (`url`) answers each job's message with one message (serveJobs,
 * worker-jobs.ts). It starts with the first job (about 0.3 s), gives its memory back after
 * `idleMs` idle, and its heap is capped, so a fault cannot take the host's memory with it; a job
 * it fails rejects, and the next job starts a new worker.
 */
export type BoundedWorker<Job, Result> = ReturnType<typeof createBoundedWorker<Job, Result>>;

export function createBoundedWorker<Job, Result>(options: {
  /** The worker's entry: a `.cjs` beside the running code (see table-sheets.worker.cjs). */
  url: URL;
  /** For errors: "the table sheets". */
  name: string;
  waiting: number;
  refuse: () => Error;
  heapMb: number;
  idleMs?: number;
}) {
  const { url, name, heapMb, idleMs = 30_000 } = options;
  const line = createBoundedLine({ running: 1, waiting: options.waiting, refuse: options.refuse });
  let worker: Worker | undefined;
  let idleTimer: NodeJS.Timeout | undefined;
  let current: { resolve: (result: Result) => void; reject: (error: Error) => void } | undefined;

  function startWorker() {
    // None of the server's own flags (--import tsx, --expose-gc): the .cjs entry sees to its own.
    const started = new Worker(url, { execArgv: [], resourceLimits: { maxOldGenerationSizeMb: heapMb } });
    let failure: Error | undefined;
    started.on('message', (result: Result) => current?.resolve(result));
    started.on('error', (error) => {
      failure = error;
    });
    // Failed, or stopped by close(): the job it had fails; the next one starts a new worker.
    started.on('exit', () => {
      if (worker !== started) return; // retired when idle: it had no job
      worker = undefined;
      current?.reject(failure ?? new Error(`${name} worker stopped`));
    });
    return started;
  }

  /** Retired at once: a job arriving while it stops goes to a new worker. */
  function retireWorker() {
    const idle = worker;
    worker = undefined;
    return idle?.terminate();
  }

  /** Hands one job over (the line lets one at a time through) and waits for its answer. */
  function post(job: Job): Promise<Result> {
    clearTimeout(idleTimer);
    worker ??= startWorker();
    const running = worker;
    return new Promise<Result>((resolve, reject) => {
      current = { resolve, reject };
      running.postMessage(job);
    }).finally(() => {
      current = undefined;
      idleTimer = setTimeout(retireWorker, idleMs);
    });
  }

  return {
    /** The job's result, in its turn; refused when the line is full. */
    run(job: Job): Promise<Result> {
      return line.run(() => post(job));
    },

    /**
     * As run, but the job is first read (`prepare`, on the event loop) in its turn: a read that
     * grows with the data the job draws is bounded by the same line. `prepare` may throw (404).
     */
    runPrepared(prepare: () => Promise<Job>): Promise<Result> {
      return line.run(async () => post(await prepare()));
    },

    /** Refuses what still waits and stops the worker (the app is closing). */
    async close() {
      clearTimeout(idleTimer);
      line.close();
      current?.reject(new Error('the server is closing'));
      await retireWorker();
    },
  };
}
