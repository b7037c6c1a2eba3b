import type { PageId } from '../pages';

/** A button that leads to one of the site's pages, in the reader's language. */
export interface Cta {
  label: string;
  to: PageId;
}

/** A closing call to action: heading, a line of text and two buttons. */
export interface CtaBand {
  heading: string;
  text: string;
  primary: Cta;
  secondary: Cta;
}

/** A text and the link inside it: before + link + after. */
export interface LinkedText {
  before: string;
  linkText: string;
  after: string;
}

/**
 * How the running server protects a contact message on its way to the practice: 'tls' in
 * transit only (it then lies in the practice's mailbox as it is); 'openpgp' or 'smime' end to
 * end, encrypted with the practice's key (MAIL_OPENPGP_KEY) or certificate (MAIL_SMIME_CERT).
 */
export type MailProtection = 'tls' | 'openpgp' | 'smime';

/** A text that depends on how the server protects contact messages: one for each way, so that each language says what each configuration does. */
export type ByMailProtection = Record<MailProtection, string>;

/** What every form of the site says the same way: the required-fields note, the consent and the honeypot's label. */
export interface FormTexts {
  requiredNote: string;
  consent: LinkedText;
  honeypotLabel: string;
}
