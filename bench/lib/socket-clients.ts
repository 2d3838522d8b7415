import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sleep, spawnNode, stopProcess } from './processes';
import type { FromWorker, SocketSpec, ToWorker } from './socket-protocol';

const benchDir = fileURLToPath(new URL('..', import.meta.url));

/** Sends a message to a worker and waits for its answer of the given type. */
function ask<T extends FromWorker['type']>(
  worker: ChildProcess,
  message: ToWorker,
  answer: T,
  timeoutMs: number,
): Promise<Extract<FromWorker, { type: T }>> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      worker.off('message', onMessage);
      reject(new Error(`socket worker ${worker.pid}: no ${answer} within ${timeoutMs / 1000} s`));
    }, timeoutMs);
    const onMessage = (reply: FromWorker) => {
      if (reply.type !== answer) return;
      clearTimeout(timer);
      worker.off('message', onMessage);
      resolve(reply as Extract<FromWorker, { type: T }>);
    };
    worker.on('message', onMessage);
    worker.send(message);
  });
}

/** Socket.IO clients spread over `count` processes (socket-worker.ts). */
export class SocketClients {
  private constructor(private readonly workers: ChildProcess[]) {}

  static start(count: number): SocketClients {
    return new SocketClients(
      Array.from({ length: count }, () =>
        spawnNode(['--import', 'tsx', 'lib/socket-worker.ts'], {
          cwd: benchDir,
          stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
        }),
      ),
    );
  }

  /** Connects every socket (spread round-robin); answers the ids that were refused and why. */
  async connect(url: string, baseNs: bigint, sockets: SocketSpec[]) {
    const shares = this.workers.map((_, index) =>
      sockets.filter((_, socketIndex) => socketIndex % this.workers.length === index),
    );
    const replies = await Promise.all(
      this.workers.map((worker, index) =>
        ask(
          worker,
          { type: 'connect', url, baseNs: String(baseNs), sockets: shares[index]!, concurrency: 20 },
          'connected',
          300_000,
        ),
      ),
    );
    return {
      failed: replies.flatMap((reply) => reply.failed),
      firstError: replies.find((reply) => reply.firstError)?.firstError,
    };
  }

  async counts() {
    const replies = await Promise.all(
      this.workers.map((worker) => ask(worker, { type: 'count' }, 'count', 10_000)),
    );
    return {
      received: replies.reduce((sum, reply) => sum + reply.received, 0),
      disconnects: replies.reduce((sum, reply) => sum + reply.disconnects, 0),
    };
  }

  async collect(): Promise<number[]> {
    const replies = await Promise.all(
      this.workers.map((worker) => ask(worker, { type: 'collect' }, 'receipts', 30_000)),
    );
    return replies.flatMap((reply) => reply.receipts);
  }

  async close(): Promise<void> {
    await Promise.all(
      this.workers.map(async (worker) => {
        if (worker.connected) {
          const exited = new Promise((resolve) => worker.once('exit', resolve));
          worker.send({ type: 'close' } satisfies ToWorker);
          await Promise.race([exited, sleep(5000)]);
        }
        await stopProcess(worker, 5000);
      }),
    );
  }
}
