import { about } from '../texts/about';
import { booking } from '../texts/booking';
import { bookingAnswer } from '../texts/bookingAnswer';
import { bookingMail } from '../texts/bookingMail';
import { herCalendar } from '../texts/herCalendar';
import { contact } from '../texts/contact';
import { form } from '../texts/form';
import { home } from '../texts/home';
import { practiceMail } from '../texts/practiceMail';
import { prices } from '../texts/prices';
import { privacy } from '../texts/privacy';
import { server } from '../texts/server';
import { site } from '../texts/site';
import { therapy } from '../texts/therapy';
import { manage } from '../texts/manage';
import { visitorMail } from '../texts/visitorMail';
import { bookingFacts, pictureFacts, practiceFacts, priceFacts } from './facts';
import type { Field, Json } from './fields';

// Every content file with its declaration: what the checks (scripts/checkContent.ts), the editor's
// configuration (scripts/editorConfig.ts) and the loaders (content/translations.ts and its kin)
// go by. In the editor's lists in this order: each language's words, her own (Danish) texts, the facts.

/** Each language's files by name: content/<lang>/<name>.json, the same fields in every language. */
export const languageFiles = {
  home,
  about,
  therapy,
  prices,
  booking,
  contact,
  privacy,
  site,
  form,
  server,
  visitorMail,
  manage,
};

/** Her own texts by name, in Danish only: content/practitioner/<name>.json (her mails and her answer page). */
export const practitionerFiles = { practiceMail, bookingMail, bookingAnswer, herCalendar };

/** The facts' files by name: content/facts/<name>.json, the same in every language. */
export const factFiles = { prices: priceFacts, practice: practiceFacts, booking: bookingFacts, pictures: pictureFacts };

export type LanguageFile = keyof typeof languageFiles;

/** What each language file holds, as its declaration types it (a choice, an icon, is any text until the check has run). */
export type WordsOf = { [N in LanguageFile]: Json<(typeof languageFiles)[N]> };

const CONTENT_FILE = /^content\/(da|en|fa|practitioner|facts)\/(\w+)\.json$/;

/** A content file's declaration by its path in the repository (content/da/home.json, content/facts/prices.json); undefined: none. */
export function declarationOf(file: string): Field | undefined {
  const [, folder, name = ''] = CONTENT_FILE.exec(file) ?? [];
  const groups: Record<string, Record<string, Field>> = { practitioner: practitionerFiles, facts: factFiles };
  const declared = folder && (groups[folder] ?? (languageFiles as Record<string, Field>));
  return declared && Object.hasOwn(declared, name) ? declared[name] : undefined;
}
