import da from './da/visitorMail.json';
import en from './en/visitorMail.json';
import fa from './fa/visitorMail.json';
import type { Lang } from './languages';
import type { VisitorMailTexts } from './texts/visitorMail';
import { words } from './words';

// The mails a visitor receives after the practitioner's answer, in every language (server side only).
export const visitorMails: Record<Lang, VisitorMailTexts> = {
  da: words('da', 'visitorMail', da),
  en: words('en', 'visitorMail', en),
  fa: words('fa', 'visitorMail', fa),
};
