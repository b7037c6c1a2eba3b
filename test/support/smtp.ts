import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on a loopback port that keeps what it receives. */
export async function startSmtp(options: { fail?: boolean; hang?: boolean; delayMs?: number } = {}) {
  const received: ReceivedMail[] = [];
  /** Messages whose data has begun to arrive (a send in flight, with delayMs). */
  let started = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onConnect(_session, callback) {
      // A server that accepts the connection and never greets.
      if (options.hang) return;
      callback();
    },
    onData(stream, session, callback) {
      started += 1;
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const finish = () => {
          if (options.fail) return callback(new Error('451 Mailbox temporarily unavailable'));
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        };
        if (options.delayMs) setTimeout(finish, options.delayMs);
        else finish();
      });
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    get started() {
      return started;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Header block and body of a raw message; header lines unfolded. */
export function parseMail(raw: string): { headers: Map<string, string[]>; body: string } {
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, '').replace(/\r\n/g, '\n');
  const headers = new Map<string, string[]>();
  for (const line of head.split(/\r?\n/)) {
    const i = line.indexOf(':');
    const key = line.slice(0, i).trim().toLowerCase();
    headers.set(key, [...(headers.get(key) ?? []), line.slice(i + 1).trim()]);
  }
  return { headers, body };
}

/** Decodes a quoted-printable UTF-8 body (what nodemailer sends for Danish text). */
export function decodeQuotedPrintable(text: string): string {
  const bytes = text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => `%${hex}`);
  return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'));
}

/** Decodes RFC 2047 encoded words in a header value (=?UTF-8?Q?...?= and =?UTF-8?B?...?=). */
export function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_m, enc: string, data: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}
