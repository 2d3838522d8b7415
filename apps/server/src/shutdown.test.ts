import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShutdown } from './shutdown';
import { ownerWithRestaurant } from './test/restaurants';
import { createTestApp, type TestApp } from './test/test-app';

/** Waits until `condition` holds (a state to reach, not a time to assert). */
async function until(condition: () => boolean, what: string) {
  for (let waited = 0; !condition(); waited += 10) {
    if (waited > 10_000) throw new Error(`never: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('the shutdown', () => {
  let t: TestApp;
  let base: string;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
    base = `http://127.0.0.1:${port}`;
  });
  afterAll(() => t.close());

  it('drains, then finishes the request in flight, drops sockets to reconnect, and exits 0', async () => {
    const { restaurantId } = await ownerWithRestaurant(t);
    const socket = connect(base, {
      path: '/socket.io',
      transports: ['websocket'],
      query: { menu: String(restaurantId) },
      reconnection: false,
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    const disconnected = new Promise<string>((resolve) => socket.once('disconnect', resolve));

    // A request whose body is still arriving when the signal comes: it is in flight.
    const body = JSON.stringify({ email: 'nobody@example.com', password: 'not a password' });
    const arrived = new Promise((resolve) => t.app.server.once('request', resolve));
    const request = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    });
    const answered = new Promise<http.IncomingMessage>((resolve, reject) => {
      request.once('response', resolve);
      request.once('error', reject);
    });
    request.write(body.slice(0, 10));
    await arrived;

    let endDelay = () => {};
    const delayed: number[] = [];
    const exits: number[] = [];
    const shutdown = createShutdown({
      app: t.app,
      delaySeconds: 7,
      exit: (code) => exits.push(code),
      wait: (seconds) => {
        delayed.push(seconds);
        return new Promise<void>((resolve) => {
          endDelay = resolve;
        });
      },
    });
    const stopped = shutdown('SIGTERM');
    expect(shutdown('SIGINT')).toBe(stopped);

    // During the delay: still listening, not ready, and every answer closes its connection.
    expect(delayed).toEqual([7]);
    const ready = await fetch(`${base}/health/ready`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ failing: ['draining'] });
    expect((await fetch(`${base}/health/live`)).status).toBe(200);

    endDelay();
    await until(() => !t.app.server.listening, 'the listener closed');
    await expect(fetch(`${base}/health/live`)).rejects.toThrow();
    // Dropped at the transport, not refused: a Socket.IO client reconnects by itself.
    expect(await disconnected).toBe('transport close');

    request.end(body.slice(10));
    const response = await answered;
    expect(response.statusCode).toBe(401);
    expect(response.headers.connection).toBe('close');
    response.resume();

    await stopped;
    expect(exits).toEqual([0]);
  });
});
