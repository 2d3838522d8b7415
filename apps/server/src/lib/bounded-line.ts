/**
 * A bounded line for work that grows with stored data (docs/performance.md, "Bounded work"):
 * at most `running` tasks at once, at most `waiting` more waiting their turn, and a caller past
 * that refused at once with `refuse()` (a 503 with Retry-After), holding nothing. Whatever the
 * number of callers, the event loop carries `running` of these tasks at a time, so a request
 * that costs nothing (/health) waits behind at most that many of their slices.
 */
export type BoundedLine = ReturnType<typeof createBoundedLine>;

type Waiter = { start: () => void; reject: (error: Error) => void };

export function createBoundedLine(options: { running?: number; waiting: number; refuse: () => Error }) {
  const { running: most = 1, waiting, refuse } = options;
  const line: Waiter[] = [];
  let running = 0;

  function next() {
    while (running < most) {
      const waiter = line.shift();
      if (!waiter) return;
      running += 1;
      waiter.start();
    }
  }

  return {
    /** Runs `task` in its turn; refused with `refuse()` when the line is full. */
    run<T>(task: () => Promise<T>): Promise<T> {
      if (running >= most && line.length >= waiting) return Promise.reject(refuse());
      return new Promise<T>((resolve, reject) => {
        line.push({
          start: () => {
            // The next in line starts before this caller goes on.
            const done = () => {
              running -= 1;
              next();
            };
            task().then(
              (value) => {
                done();
                resolve(value);
              },
              (error: unknown) => {
                done();
                reject(error);
              },
            );
          },
          reject,
        });
        next();
      });
    },

    /** How many run and wait now (tests). */
    get size() {
      return { running, waiting: line.length };
    },

    /** Refuses what still waits (the app is closing); what runs finishes on its own. */
    close(reason = new Error('the server is closing')) {
      for (const waiter of line.splice(0)) waiter.reject(reason);
    },
  };
}
