import type { PageId } from '../pages';
import { type Field, group, type Infer, line, oneOf, text } from '../schema/fields';

// Parts that several files' declarations share: a button, a closing call to action, a text with
// a link inside it, a text per mail protection, a paragraph of the privacy policy. Where a button
// or link goes is code (content/links.ts): the editor shows the words only.

/** A button that leads to one of the site's pages: its text (where it goes: content/links.ts). */
export const cta = (label: string, hint: string) =>
  group(label, { label: line('Knappens tekst', { max: 60 }) }, { hint });

/** A text for each page of the site (its title, its description), each made by `field` with the page's name. */
export const byPage = <F extends Field>(label: string, hint: string, field: (label: string) => F) =>
  group(
    label,
    {
      home: field('Forside'),
      about: field('Om mig'),
      therapy: field('Terapi'),
      prices: field('Priser'),
      booking: field('Booking'),
      contact: field('Kontakt'),
      privacy: field('Privatlivspolitik'),
    } satisfies Record<PageId, Field>,
    { hint },
  );

/** A field for each price by id (its amount in content/facts/prices.json, its name in each language's prices.json), each made by `field` with the service's name. */
export const byPrice = <F extends Field>(field: (label: string) => F) => ({
  individuel: field('Individuel terapi'),
  par: field('Parterapi'),
  familie: field('Familieterapi'),
  boern: field('Børn'),
  'supervision-individuel': field('Individuel supervision'),
  supervisionspakke: field('Supervisionspakke'),
  gruppesupervision: field('Gruppesupervision'),
});

/** A closing call to action: heading, a line of text and two buttons (to booking and to contact). */
export const ctaBand = (hint: string) =>
  group(
    'Opfordring nederst',
    {
      heading: line('Overskrift'),
      text: text('Tekst'),
      primary: cta('Første knap', 'Fører til booking.'),
      secondary: cta('Anden knap', 'Fører til kontakt.'),
    },
    { hint },
  );

/** A text and the link inside it: before + link + after. */
export const linkedText = (label: string, hint: string) =>
  group(
    label,
    {
      before: text('Tekst før linket'),
      linkText: line('Linkets tekst'),
      after: text('Tekst efter linket', { hint: 'Ofte kun et punktum.' }),
    },
    { hint },
  );

/**
 * A text for each way the running server protects a contact message on its way to the practice:
 * 'tls' in transit only (it then lies in the practice's mailbox as it is); 'openpgp' or 'smime'
 * end to end, encrypted with the practice's key (MAIL_OPENPGP_KEY) or certificate
 * (MAIL_SMIME_CERT). The page shows the one that is true, so each language says what each does.
 */
export const byMailProtection = (label: string, hint: string) =>
  group(
    label,
    {
      tls: text('Krypteret forbindelse (TLS)', { hint: 'Når beskeden kun er krypteret på vejen.' }),
      openpgp: text('OpenPGP', { hint: 'Når beskeden krypteres med din OpenPGP-nøgle.' }),
      smime: text('S/MIME', { hint: 'Når beskeden krypteres med dit S/MIME-certifikat.' }),
    },
    { hint },
  );

export type ByMailProtection = Infer<ReturnType<typeof byMailProtection>>;
export type MailProtection = keyof ByMailProtection;

/**
 * A paragraph of the privacy policy, one of three kinds the JSON names in `type`: `text`, the same
 * whatever the server is configured to do; `mailProtection`, one text for each way it protects
 * contact messages (the page shows the one that is true); `link`, a text with a link (its target:
 * content/links.ts). Placeholders: '{minutes}' and '{max}', the contact form's limit (from the
 * server's configuration, as the server enforces it); '{<id>Section}', the number of a section
 * ('{contactSection}'), as the page numbers them.
 */
export const policyParagraph = oneOf('Afsnit', {
  text: group(
    'Afsnit',
    {
      text: text('Tekst', {
        hint: '{max} og {minutes} udfylder serveren med kontaktformularens grænse; {contactSection} og de andre afsnitsnumre udfylder siden.',
      }),
    },
    { hint: 'Et afsnit, der er det samme, hvordan serveren end er sat op.' },
  ),
  mailProtection: byMailProtection(
    'Afsnit, der følger serverens opsætning',
    'Siden viser selv den af de tre tekster, der passer til, hvordan serveren beskytter beskederne (sat op af driften, ikke her): skriv alle tre.',
  ),
  link: linkedText('Afsnit med link', 'Linkets mål (Datatilsynet, prissiden) står i koden for hvert afsnit.'),
});

export type LinkedTextWords = Infer<ReturnType<typeof linkedText>>;
export type CtaWords = Infer<ReturnType<typeof cta>>;
export type CtaBandWords = Infer<ReturnType<typeof ctaBand>>;
export type PolicyParagraphWords = Infer<typeof policyParagraph>;
