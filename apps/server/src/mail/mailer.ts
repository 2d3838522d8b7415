import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export type MailMessage = { to: string; subject: string; text: string; html: string };

export type Mailer = {
  send(message: MailMessage): Promise<void>;
  close(): void;
};

/** What the outbox keeps beside each .eml, so people and tests can follow the links. */
export type OutboxEntry = MailMessage & { from: string; sent_at: string; links: string[] };

const linkPattern = /https?:\/\/[^\s"'<>]+/g;

/**
 * With SMTP_URL: real SMTP. Without it, every message is written to DATA_DIR/outbox as an .eml
 * (the exact MIME message) plus a .json summary, and its links are logged, so verification and
 * password reset work on a machine with no mail server.
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  const { smtpUrl, from, outboxDir, log } = options;

  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from, ...message });
        log.info({ to: message.to, subject: message.subject }, 'mail sent');
      },
      close: () => transport.close(),
    };
  }

  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      const sentAt = new Date().toISOString();
      const base = `${sentAt.replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}`;
      const links = [...new Set(message.text.match(linkPattern) ?? [])];
      const entry: OutboxEntry = { from, ...message, sent_at: sentAt, links };
      await mkdir(outboxDir, { recursive: true });
      await writeFile(path.join(outboxDir, `${base}.eml`), info.message as Buffer);
      await writeFile(path.join(outboxDir, `${base}.json`), JSON.stringify(entry, null, 2));
      log.info(
        { to: message.to, subject: message.subject, links },
        'mail saved to the outbox (no SMTP_URL set)',
      );
    },
    close: () => transport.close(),
  };
}
