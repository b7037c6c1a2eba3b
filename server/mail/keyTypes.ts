import type MimeNode from 'nodemailer/lib/mime-node';
import type { MailKeySource } from '../process/config';

// What server/mail/key.ts and the two formats (server/mail/openpgp.ts, server/mail/smime.ts) share.

/** RSA keys: refused below `min` bits (older Proton and Outlook keys have 2048), a warning below `good`. */
export const RSA_BITS = { min: 2048, good: 3072 } as const;

/** 'YYYY-MM-DD' (UTC) or 'never'. */
export const expiryDate = (expires: Date | null) => (expires ? expires.toISOString().slice(0, 10) : 'never');

export interface MailKey {
  variable: MailKeySource['variable'];
  /** 'OpenPGP' or 'S/MIME', for log lines. */
  format: string;
  /** Hex; OpenPGP's key fingerprint or the certificate's SHA-256. */
  fingerprint: string;
  /** null: never expires. */
  expires: Date | null;
  /** Things an operator should know but that do not stop start-up (an RSA key below 3072 bits). */
  warnings: string[];
  /** The outer message's body: the inner message (a whole MIME message) encrypted to the key. */
  encrypt(inner: Buffer, now: Date): Promise<MimeNode>;
}

/** A reason the key was refused, completed into one line naming the variable. */
export class KeyProblem extends Error {}
