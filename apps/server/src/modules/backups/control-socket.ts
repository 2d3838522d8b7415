import { chmodSync, mkdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';

/**
 * The running server's control socket, DATA_DIR/run/control.sock: `npm run backup` asks the
 * process that has the embedded database open for a dump instead of opening its files a second
 * time. HTTP over a Unix socket, so `curl --unix-socket` works too. The directory is 0700 and the
 * socket 0600: the file system's permissions are the access control.
 */
export const controlSocketOf = (dataDir: string) => path.join(dataDir, 'run', 'control.sock');

/**
 * Longer paths do not fit a Unix socket address: the system would cut them short, and listen or
 * connect on another path, outside the 0700 directory.
 */
const fitsSocketAddress = (socketPath: string) => Buffer.byteLength(socketPath) <= 103;

export type ControlSocket = { close(): Promise<void> };

export async function serveControlSocket(
  dataDir: string,
  handlers: { backup: () => Promise<Buffer>; onError: (error: unknown) => void },
): Promise<ControlSocket> {
  const socketPath = controlSocketOf(dataDir);
  if (!fitsSocketAddress(socketPath))
    throw new Error(`${socketPath} is longer than a Unix socket's path can be: use a shorter DATA_DIR`);
  mkdirSync(path.dirname(socketPath), { recursive: true, mode: 0o700 });
  chmodSync(path.dirname(socketPath), 0o700);
  // Left by a process that died: this process holds DATA_DIR's lock, so no live one serves it.
  rmSync(socketPath, { force: true });
  const server = http.createServer((request, response) => {
    if (request.method === 'GET' && request.url === '/status') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ pid: process.pid }));
      return;
    }
    if (request.method !== 'GET' || request.url !== '/backup') {
      response.writeHead(404, { 'content-type': 'text/plain' });
      response.end('GET /backup or GET /status\n');
      return;
    }
    handlers.backup().then(
      (archive) => {
        response.writeHead(200, { 'content-type': 'application/gzip', 'content-length': archive.length });
        response.end(archive);
      },
      (error: unknown) => {
        handlers.onError(error);
        response.writeHead(500, { 'content-type': 'text/plain' });
        response.end(`the backup failed: ${(error as Error).message}\n`);
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  chmodSync(socketPath, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          rmSync(socketPath, { force: true });
          resolve();
        });
        server.closeIdleConnections();
      }),
  };
}

/**
 * Asks the server running on DATA_DIR, through its control socket. Answers undefined when no
 * server listens there (no socket, or one left by a process that died).
 */
export function askServer(dataDir: string, what: '/status' | '/backup'): Promise<Buffer | undefined> {
  const socketPath = controlSocketOf(dataDir);
  if (!fitsSocketAddress(socketPath)) return Promise.resolve(undefined);
  return new Promise((resolve, reject) => {
    const request = http.get({ socketPath, path: what }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const body = Buffer.concat(chunks);
        if (response.statusCode !== 200)
          reject(new Error(body.toString().trim() || `the server answered ${response.statusCode}`));
        else if (!response.complete) reject(new Error('the server closed the connection mid-answer'));
        else resolve(body);
      });
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(undefined);
      else reject(error);
    });
  });
}
