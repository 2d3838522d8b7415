import net from 'node:net';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logLines } from '../test/test-app';
import { answerBeforeFastify, type FastReply } from './fast-answers';
import { createMetrics } from './metrics';
import { REQUEST_ID_LABEL } from './request-lines';

/** Larger than any socket takes at once: its answer is still being written when `end` returns. */
const BIG = Buffer.alloc(64 * 1024 * 1024, 'x');
const SMALL = Buffer.from('{"ok":true}');
const reply = (body: Buffer): FastReply => ({
  statusCode: 200,
  headers: ['content-type', 'application/json', 'content-length', String(body.length)],
  body,
});

const { stream, lines } = logLines();
const linesOf = (id: string) => lines.filter((line) => line[REQUEST_ID_LABEL] === id);
let app: FastifyInstance;
let port: number;

beforeAll(async () => {
  const logger: FastifyBaseLogger = pino({ level: 'info' }, stream);
  app = Fastify({ loggerInstance: logger });
  app.get('/answer/:size', async () => ({ answeredBy: 'fastify' }));
  answerBeforeFastify(
    app,
    {
      url: '/answer/:size',
      answer: (request) => (request.url === '/answer/big' ? reply(BIG) : reply(SMALL)),
    },
    { securityHeaders: {}, metrics: createMetrics({ poolStats: () => undefined }), draining: () => false },
  );
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  port = Number(new URL(address).port);
});
afterAll(() => app.close());

/** A raw connection that sends one request and reads nothing until told to. */
async function requestWithoutReading(path: string, id: string) {
  const socket = net.connect(port, '127.0.0.1');
  socket.pause();
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\nX-Request-Id: ${id}\r\n\r\n`);
  return {
    async readAll(bytes: number) {
      let received = 0;
      socket.on('data', (chunk: Buffer) => {
        received += chunk.length;
      });
      socket.resume();
      while (received < bytes) await new Promise((resolve) => setTimeout(resolve, 10));
      socket.destroy();
    },
  };
}

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('answers made before Fastify', () => {
  it("logs a small answer's one line as soon as the socket has taken it", async () => {
    const client = await requestWithoutReading('/answer/small', 'small-answer');
    await settle(100);
    expect(linesOf('small-answer')).toEqual([
      expect.objectContaining({
        msg: 'request',
        route: '/answer/:size',
        url: '/answer/small',
        statusCode: 200,
      }),
    ]);
    await client.readAll(SMALL.length);
  });

  it('logs an answer the socket could not take at once only when it is written to the end', async () => {
    const client = await requestWithoutReading('/answer/big', 'big-answer');
    await settle(200);
    expect(linesOf('big-answer')).toEqual([]);
    await client.readAll(BIG.length);
    await settle(50);
    const [line, ...more] = linesOf('big-answer');
    expect(more).toEqual([]);
    expect(line).toMatchObject({ msg: 'request', url: '/answer/big', statusCode: 200 });
    expect(line!.responseTime).toBeGreaterThanOrEqual(200);
  });
});
