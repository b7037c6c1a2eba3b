import { mkdir, writeFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { ContactMessage } from '../views/contact/validation';
import type { Config } from './config';

// Delivery of contact messages: SMTP when SMTP_URL is set, otherwise (outside production)
// .eml files in the outbox folder. deliver() resolves only once the message is accepted.

export interface Mailer {
  /** Where messages go, for the start-up log line: never a secret. */
  describe: string;
  deliver(message: ContactMessage, receivedAt: Date): Promise<void>;
  close(): void;
}

const TIMEOUT_MS = 10_000;

/** Header values never carry CR or LF from a visitor (header injection). */
function oneLine(text: string): string {
  return text.replace(/[\r\n\u2028\u2029]+/g, ' ').trim();
}

export function composeMail(config: Pick<Config, 'mailTo' | 'mailFrom'>, m: ContactMessage, receivedAt: Date) {
  const name = oneLine(m.name);
  return {
    from: config.mailFrom,
    to: config.mailTo,
    replyTo: { name, address: oneLine(m.email) },
    subject: `Ny henvendelse fra ${name}`,
    text: [
      `Navn: ${name}`,
      `Email: ${m.email}`,
      `Telefon: ${m.phone || 'ikke oplyst'}`,
      `Samtykke til persondatapolitikken: givet ${receivedAt.toISOString()}`,
      '',
      'Besked:',
      m.message,
    ].join('\n'),
    date: receivedAt,
  };
}

export function createMailer(config: Config): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport({
      url: config.smtpUrl,
      connectionTimeout: TIMEOUT_MS,
      greetingTimeout: TIMEOUT_MS,
      socketTimeout: TIMEOUT_MS,
    });
    const { protocol, hostname, port } = new URL(config.smtpUrl);
    return {
      describe: `SMTP ${protocol}//${hostname}${port ? `:${port}` : ''}`,
      async deliver(m, receivedAt) {
        await transport.sendMail(composeMail(config, m, receivedAt));
      },
      close: () => transport.close(),
    };
  }
  const outbox = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    describe: `outbox ${config.outboxDir}`,
    async deliver(m, receivedAt) {
      const info = await outbox.sendMail(composeMail(config, m, receivedAt));
      await mkdir(config.outboxDir, { recursive: true });
      const file = `${receivedAt.toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`;
      await writeFile(path.join(config.outboxDir, file), info.message as Buffer, { flag: 'wx' });
    },
    close: () => outbox.close(),
  };
}
