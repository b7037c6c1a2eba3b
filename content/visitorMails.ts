import type { Lang } from './languages';
import type { VisitorMailTexts } from './texts/visitorMail';
import { visitorMail as da } from './da/visitorMail';
import { visitorMail as en } from './en/visitorMail';
import { visitorMail as fa } from './fa/visitorMail';

// The mails a visitor receives after the practitioner's answer, in every language (server side only).
export const visitorMails: Record<Lang, VisitorMailTexts> = { da, en, fa };
