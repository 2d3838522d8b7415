import { type ChildProcess, type SpawnOptions, spawn } from 'node:child_process';
import net from 'node:net';

const children = new Set<ChildProcess>();

/**
 * Starts `node <args>` with its open-files limit raised to the hard limit: `ulimit -n` is per
 * process and the usual soft 1,024 is far below the 10,000 sockets a server or client holds here.
 * The shell `exec`s node, so the child's pid is node's own (for /proc/<pid>/status and signals).
 */
export function spawnNode(args: string[], options: SpawnOptions): ChildProcess {
  const child = spawn(
    '/bin/sh',
    ['-c', 'ulimit -n "$(ulimit -Hn)" 2>/dev/null; exec "$0" "$@"', process.execPath, ...args],
    options,
  );
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

export const hasExited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

/** SIGTERM, then SIGKILL if the process is still there after `graceMs`. */
export async function stopProcess(child: ChildProcess, graceMs = 15_000): Promise<void> {
  if (hasExited(child)) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const killer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(killer);
}

/** Last resort on any way out (an error, Ctrl-C, the run's time limit): nothing is left running. */
export function killAllChildren() {
  for (const child of children) child.kill('SIGKILL');
}

/** A port free right now on loopback, for a child to listen on. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Answers true when something accepts TCP connections at host:port within `timeoutMs`. */
export function canConnect(host: string, port: number, timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}
