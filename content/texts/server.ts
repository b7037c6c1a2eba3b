import { file, group, type Infer, line, sentence } from '../schema/fields';
import { byPage } from './common';

/** content/<lang>/server.json: texts only the server needs; they never reach the browser's script. */
export const server = file(
  'Søgemaskiner, svar og fejlsider',
  'Tekster, som kun serveren bruger. {phone} er klinikkens nummer.',
  {
    descriptions: byPage(
      'Beskrivelser til søgemaskiner',
      'Hver sides beskrivelse: teksten under titlen i søgeresultater og forhåndsvisninger af links.',
      sentence,
    ),
    replies: group(
      'Svar',
      {
        invalid: sentence('Ugyldigt'),
        rateLimited: sentence('For mange forsøg'),
        delivery: sentence('Levering'),
        uncertain: sentence('Måske nået frem', {
          hint: 'Når mailserveren fik beskeden, men aldrig svarede: den kan være nået frem, så den besøgende skal ikke sende den igen lige nu. {phone}.',
        }),
        unsupportedType: sentence('Forkert type'),
        tooLarge: sentence('For stor'),
        malformed: sentence('Forkert udformet'),
        method: sentence('Forkert metode'),
        forbidden: sentence('Ikke tilladt'),
        tooLong: group(
          'For lang',
          {
            name: sentence('Navn'),
            email: sentence('E-mail'),
            phone: sentence('Telefon'),
            message: sentence('Besked'),
          },
          {
            hint: 'Under et felt, serveren afviste for dets længde (formularen viser ingen grænse). {max} er grænsen.',
          },
        ),
        notText: sentence('Ikke tekst', { hint: 'Under et felt, der blev sendt som andet end tekst.' }),
      },
      { hint: 'Det, kontaktformularen svarer, når den ikke kan tage imod en besked.' },
    ),
    shareImageAlt: sentence('Delingsbilledets beskrivelse', {
      hint: 'Billedet i forhåndsvisningen af et link, beskrevet for dem, der ikke kan se det: {name}, {practitioner}, {title} og {city} er det, billedet viser.',
    }),
    serverError: group(
      'Fejlside',
      { title: line('Titel'), text: sentence('Tekst'), home: line('Link til forsiden') },
      { hint: 'Den enkle side, der vises, når en side ikke kunne laves.' },
    ),
    fileNotFound: sentence('Fil findes ikke', { hint: 'Det enkle svar for en fil, der ikke findes.' }),
  },
);

/** Texts only the server needs: they never reach the browser's script. '{phone}' is the practice's number. */
export type ServerTexts = Infer<typeof server>;
