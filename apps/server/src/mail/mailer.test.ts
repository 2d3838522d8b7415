import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from './mailer';
import { passwordResetEmail, verificationEmail } from './templates';

const log = pino({ level: 'silent' }) as FastifyBaseLogger;

describe('mail over SMTP', () => {
  const received: Array<{ from: string; to: string[]; data: string }> = [];
  let server: SMTPServer;
  let port: number;

  beforeAll(async () => {
    // A real SMTP server speaking the real protocol, standing in for the remote one.
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => {
          data += chunk.toString();
        });
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            data,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('delivers the verification email with text and HTML parts', async () => {
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'TableServe <no-reply@tableserve.test>',
      outboxDir: '/nonexistent',
      log,
    });
    await mailer.send(
      verificationEmail('chef@example.com', 'Ada', 'https://tableserve.test/verify-email?token=abc'),
    );
    mailer.close();

    expect(received).toHaveLength(1);
    const [message] = received;
    expect(message!.from).toBe('no-reply@tableserve.test');
    expect(message!.to).toEqual(['chef@example.com']);
    expect(message!.data).toContain('Subject: Verify your email for TableServe');
    expect(message!.data).toContain('Content-Type: text/plain');
    expect(message!.data).toContain('Content-Type: text/html');
    const decoded = message!.data.replace(/=\r?\n/g, '').replace(/=3D/g, '='); // quoted-printable
    expect(decoded).toContain('https://tableserve.test/verify-email?token=abc');
  });
});

describe('mail without SMTP', () => {
  let outboxDir: string;
  beforeAll(async () => {
    outboxDir = path.join(await mkdtemp(path.join(os.tmpdir(), 'tableserve-outbox-')), 'outbox');
  });
  afterAll(() => rm(path.dirname(outboxDir), { recursive: true, force: true }));

  it('keeps each message in the outbox as an .eml and a .json with its links', async () => {
    const mailer = createMailer({
      smtpUrl: undefined,
      from: 'TableServe <no-reply@tableserve.test>',
      outboxDir,
      log,
    });
    const link = 'https://tableserve.test/reset-password?token=xyz&type=restaurant';
    await mailer.send(passwordResetEmail('chef@example.com', 'Ada <script>', link));

    const files = (await readdir(outboxDir)).sort();
    expect(files.map((file) => path.extname(file))).toEqual(['.eml', '.json']);
    const entry = JSON.parse(await readFile(path.join(outboxDir, files[1]!), 'utf8'));
    expect(entry).toMatchObject({
      to: 'chef@example.com',
      subject: 'Reset your TableServe password',
      links: [link],
    });
    expect(entry.html).toContain('Ada &lt;script&gt;');
    expect(entry.html).not.toContain('<script>');
    const eml = await readFile(path.join(outboxDir, files[0]!), 'utf8');
    expect(eml).toContain('To: chef@example.com');
    expect(eml).toContain('Subject: Reset your TableServe password');
  });
});
