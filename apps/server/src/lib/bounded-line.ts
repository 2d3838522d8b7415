import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';

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

  /** A place in the line, once it is this caller's turn: call the answer to give it up (once). */
  function acquire(): Promise<() => void> {
    if (running >= most && line.length >= waiting) return Promise.reject(refuse());
    return new Promise((resolve, reject) => {
      line.push({
        start: () => {
          let held = true;
          resolve(() => {
            if (!held) return;
            held = false;
            running -= 1;
            next();
          });
        },
        reject,
      });
      next();
    });
  }

  return {
    acquire,

    /** Runs `task` in its turn; refused with `refuse()` when the line is full. */
    async run<T>(task: () => Promise<T>): Promise<T> {
      const release = await acquire();
      try {
        return await task();
      } finally {
        // The next in line starts before this caller goes on.
        release();
      }
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

/**
 * A route's hooks that hold a place in `line` from its preHandler until its answer is sent (the
 * answer's serialisation included): spread them into the route's options, after its rate limit.
 * The place is given back once, when the answer is sent or the connection closes.
 */
export function routeInLine(line: BoundedLine) {
  const held = new WeakMap<FastifyRequest, () => void>();
  const release = async (request: FastifyRequest) => held.get(request)?.();
  const enter: preHandlerAsyncHookHandler = async (request, reply) => {
    const free = await line.acquire();
    held.set(request, free);
    if (reply.raw.destroyed) free();
    else reply.raw.once('close', free);
  };
  return { enter, onResponse: release, onRequestAbort: release };
}
