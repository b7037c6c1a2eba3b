import { createHash, randomUUID } from 'node:crypto';
import MailComposer from 'nodemailer/lib/mail-composer';
import { practiceMail as t } from '../../content/practiceMail';
import { oneLine } from '../../views/oneLine';
import type { PracticeMail } from './practiceParts';
import { keyExpiredError, type MailKey } from './key';
import type { VisitorMail } from './visitorMail';

// The message handed to the transport: the practice's mail as it is, or, with a key, that whole
// mail (headers included) encrypted inside an outer message. Outside stay only From, To, Date,
// Message-ID, Reply-To (the address alone, so that Reply works in every mail program) and a
// subject that names nobody; the real subject travels inside as a protected header
// (draft-ietf-lamps-header-protection).

/** A mail as its composer hands it to Mailer.send (server/mail/transport.ts). */
export type Mail = PracticeMail | VisitorMail;

export type OutgoingMail = Mail | { envelope: { from: string; to: string[] }; raw: Buffer };

/** A Message-ID at MAIL_FROM's domain: random, or fixed by `seed` (the same for every send of one answer, and nothing of the seed readable in it). */
export function messageIdFor(from: Mail['from'], seed?: string): string {
  const mailFrom = typeof from === 'string' ? from : from.address;
  const domain = /@([^>\s]+)>?\s*$/.exec(mailFrom)?.[1] ?? 'localhost';
  const local = seed
    ? createHash('sha256').update(`message-id:${seed}`).digest('base64url').slice(0, 32)
    : randomUUID();
  return `<${local}@${domain}>`;
}

async function encrypted(mail: Mail, key: MailKey, now: Date): Promise<OutgoingMail> {
  if (key.expires && key.expires.getTime() <= now.getTime()) throw keyExpiredError(key);
  const messageId = mail.messageId ?? messageIdFor(mail.from);
  const inner = new MailComposer({ ...mail, messageId }).compile();
  // Marks From, To, Date, Reply-To and the real Subject of the inner message as the ones to show.
  inner.setHeader('Content-Type', `${inner.getHeader('Content-Type')}; protected-headers="v1"`);
  // The encrypted entity in canonical form, CRLF line ends (RFC 3156, RFC 8551); all 7-bit after encoding.
  const canonical = Buffer.from((await inner.build()).toString('latin1').replace(/\r?\n/g, '\r\n'), 'latin1');
  const outer = await key.encrypt(canonical, now);
  // Reply-To outside: the visitor's address, as inside; nothing outside names anyone.
  outer.setHeader({
    From: mail.from,
    To: mail.to,
    'Reply-To': mail.replyTo,
    // Content's text, on one line: the library encodes what needs it.
    Subject: oneLine(t.neutralSubject),
    Date: mail.date,
    'Message-ID': messageId,
  });
  const envelope = outer.getEnvelope();
  return { envelope: { from: envelope.from || '', to: envelope.to }, raw: await outer.build() };
}

/** Any mail to the practice as it leaves: encrypted whole when there is a key (a booking request too). */
export function protectedMail(mail: Mail, key: MailKey | null, now: Date): Promise<OutgoingMail> | OutgoingMail {
  return key ? encrypted(mail, key, now) : mail;
}
