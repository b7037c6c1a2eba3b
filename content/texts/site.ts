import type { Lang } from '../languages';
import type { NavPage } from '../pages';
import { type Field, file, group, type Infer, line, list, sentence } from '../schema/fields';
import { byPage } from './common';

/** content/<lang>/site.json: the frame around every page (header, navigation, footer, titles) and the practice in words. */
export const site = file('Menu, sidefod og sidetitler', 'Rammen om hver side: top, menu, sidefod, titler.', {
  skipLink: line('Spring til indhold', { hint: 'Det første link for tastatur og skærmlæsere.' }),
  navLabel: line('Menu (for skærmlæsere)', { hint: 'Navnet på toppens sidelinks for skærmlæsere.' }),
  languageNavLabel: line('Sprogvalg (for skærmlæsere)', { hint: 'Navnet på sprogvælgeren for skærmlæsere.' }),
  menuButton: line('Menuknap', { max: 60, hint: 'Knappen, der åbner menuen på en smal skærm.' }),
  logoLabel: line('Logo (for skærmlæsere)', { hint: 'Læses efter logoets egen tekst: hvor logoets link fører hen.' }),
  nav: group(
    'Menu',
    {
      home: line('Forside', { max: 40 }),
      about: line('Om mig', { max: 40 }),
      therapy: line('Terapi', { max: 40 }),
      prices: line('Priser', { max: 40 }),
      booking: line('Booking', { max: 40 }),
      contact: line('Kontakt', { max: 40 }),
    } satisfies Record<NavPage, Field>,
    { hint: 'Toppens links til siderne.' },
  ),
  titles: byPage(
    'Sidetitler',
    'Hver sides titel: browserfanen, søgeresultater og forhåndsvisninger af links.',
    (label) => line(label, { max: 70 }),
  ),
  practice: group(
    'Praksis',
    {
      practitioner: line('Psykologens navn', {
        max: 100,
        hint: 'Navnet, som dette sprog skriver det: toppen, kontaktkortet og mailene til klienter.',
      }),
      title: line('Titel', { hint: 'Fx »Autoriseret psykolog«.' }),
      shortDescription: sentence('Kort beskrivelse', { hint: 'En eller to sætninger: sidefoden og søgemaskiner.' }),
      phoneHours: line('Telefontid', {
        hint: 'Telefontiden som en sætning: {opens} og {closes} kommer fra Fakta. Siden holder et tidsrum med tankestreg samlet på én linje.',
      }),
      membership: line('Medlemskab', { hint: 'Fagforeningen, som den hedder på dette sprog.' }),
      floor: line('Etage', { max: 40, hint: 'Etagen med dette sprogs ord: »2. sal« (gade og by står under Fakta).' }),
    },
    { hint: 'Praksis i ord på dette sprog.' },
  ),
  languageNames: group(
    'Sprogenes navne',
    {
      da: line('Dansk', { max: 40 }),
      en: line('Engelsk', { max: 40 }),
      fa: line('Persisk', { max: 40 }),
    } satisfies Record<Lang, Field>,
    { hint: 'Med lille forbogstav, som midt i en sætning.' },
  ),
  opensNewWindow: line('Åbner i nyt vindue', { hint: 'Læses af skærmlæsere efter et link, der åbner en ny fane.' }),
  footer: group(
    'Sidefod',
    {
      aboutHeading: line('Om (overskrift)'),
      languagesHeading: line('Sprog (overskrift)'),
      languagesIntro: sentence('Sprog (indledning)'),
      contactHeading: line('Kontakt (overskrift)'),
      membershipLabel: line('Medlemskab (etiket)'),
      privacyLink: line('Link til privatlivspolitik'),
      cvrLabel: line('CVR (etiket)', { max: 40 }),
    },
    { hint: 'Nederst på hver side.' },
  ),
  crisis: group(
    'Krise',
    {
      heading: line('Overskrift'),
      emergency: sentence('Akut fare (112)', {
        needs: ['phone'],
        hint: 'Står altid først og kan ikke fjernes; {phone} er, hvor 112 står, som et link, der ringer op.',
      }),
      lines: list(
        'Numre',
        group('Nummer', {
          name: line('Tjeneste', {
            max: 100,
            same: true,
            hint: 'Tjenestens navn, fx »Livslinien«: til din oversigt her.',
          }),
          number: line('Nummer', {
            max: 20,
            format: 'phone',
            same: true,
            hint: 'Som det vises: »70 201 201«. Linket ringer op med +45 foran.',
          }),
          text: sentence('Tekst', {
            needs: ['phone'],
            hint: 'Hvad linjen er til, og hvornår den har åbent; {phone} er, hvor nummeret står, som et link, der ringer op.',
          }),
        }),
        {
          max: 8,
          hint: 'Efter 112, i den rækkefølge, man i en krise bør prøve dem. Tilføj, flyt eller fjern på dansk, og gør det samme på engelsk og persisk: tjenesten og nummeret følger det danske.',
        },
      ),
    },
    { hint: 'Hvor man henvender sig i en krise: nederst på hver side og ved kontaktformularen.' },
  ),
  notFound: sentence('Siden findes ikke', { hint: 'Vises over forsiden, når en adresse ikke findes.' }),
});

/** The frame's words as site.json holds them; content/site.ts adds what code knows (SiteTexts). */
export type SiteWords = Infer<typeof site>;
