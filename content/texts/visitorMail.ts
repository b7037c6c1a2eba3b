import { file, group, type Infer, line, sentence, text } from '../schema/fields';

// The mails a visitor receives once the practitioner has answered their booking request
// (server/mail/visitorMail.ts), in the language they wrote from. Discreet by design: the sender is
// the practitioner by name (never the practice's name), and the subject, the first lines a mail
// program previews and the calendar event's title never say what kind of appointment it is (a
// screen or a mailbox may be shared). The body names the session, below the time and the place.
// '{phone}' is the practice's number (dialable from abroad in English and Persian, and for every
// online session); the service's name, length and price come from the prices page's, the
// cancellation rule from its cancellation section, the way to the clinic from the contact page's.

const DISCREET = 'Intet ord om terapi: en skærm eller en indbakke kan være delt.';

/** content/<lang>/visitorMail.json. */
export const visitorMail = file(
  'Mails til klienter',
  'Svarene på en bookingforespørgsel, på klientens sprog. Emne, første linje og kalendertitel siger aldrig, hvad aftalen gælder. {phone} er klinikkens nummer.',
  {
    practitioner: line('Psykologens navn', { max: 100, hint: 'Som dette sprog skriver det: afsender og underskrift.' }),
    confirmedSubject: line('Emne: bekræftet', {
      hint: `Bekræftelsens emne: {day} (ugedag og dato) eller {fullDay} (med år) og {time}, dansk tid. ${DISCREET}`,
    }),
    declinedSubject: line('Emne: afvist', { hint: `Svaret på en afvist forespørgsel: ingen tid. ${DISCREET}` }),
    greeting: line('Hilsen', { hint: '{name}: klientens fornavn.' }),
    confirmed: group(
      'Bekræftet',
      {
        preheader: sentence('Forhåndsvisning', {
          hint: `Mailens første linje (og den skjulte linje, mailprogrammer viser): {day} eller {fullDay}, {time}. ${DISCREET}`,
        }),
        intro: text('Indledning'),
        service: line('Samtale (etiket)'),
        time: line('Tid (etiket)'),
        place: line('Sted (etiket)'),
        price: line('Pris (etiket)'),
        when: line('Hvornår', { hint: '{day} (med dato og år), {from}, {to}.' }),
        clinic: sentence('I klinikken', { hint: '{address}: klinikkens adresse på én linje.' }),
        online: sentence('Online', {
          hint: 'En onlinesamtale, når praksis ikke har et fast videorum: hvornår linket kommer.',
        }),
        onlineRoom: sentence('Onlinerum', { hint: 'En onlinesamtale i praksis’ videorum (linket følger).' }),
        join: sentence('Deltag', { hint: 'Én linje om, hvordan man kommer ind i videorummet.' }),
        findWay: line('Find vej', {
          hint: 'Overskriften over vejen til klinikken (derefter kontaktsidens transport og parkering).',
        }),
        mapLink: line('Link til kort', { hint: 'Linkets tekst til kontaktsiden med kortet.' }),
        cancellationHeading: line('Afbud (overskrift)'),
        deadline: sentence('Frist', {
          hint: '{deadline}: dag og klokkeslæt for seneste afbud, {phone}. (Derefter prissidens gebyrlinje.)',
        }),
        reply: sentence('Om at svare på mailen', {
          hint: 'Spørgsmål er velkomne som svar på mailen; et afbud sker, som fristen ovenfor siger (linket, sms eller telefon), så du er sikker på at se det i tide.',
        }),
        ruleLink: line('Link til afbudsreglerne', { hint: 'Linkets tekst til hele reglen på prissiden.' }),
        attachment: sentence('Vedhæftning', { hint: 'Hvad den vedhæftede aftale er, og til hvilke kalendere.' }),
        addTo: line('Tilføj til kalender', { hint: 'Før linkene, der lægger samtalen i en webkalender.' }),
        google: line('Google', { max: 60 }),
        outlook: line('Outlook', { max: 60 }),
      },
      { hint: 'Mailen, når du har bekræftet tiden.' },
    ),
    declined: group(
      'Afvist',
      {
        late: sentence('Undskyldning, når svaret kommer sent', {
          hint: 'Første linje, når dit svar kommer efter den dag, forespørgselssiden lovede.',
        }),
        intro: sentence('Indledning', { hint: '{when}: den ønskede tid, skrevet fuldt ud.' }),
        nearest: sentence('Nærmeste tider', {
          hint: 'Over de nærmeste ledige tider, hver en knap til tiden på bookingsiden; siger, at tiderne er dansk tid.',
        }),
        offer: line('Hver tilbudt tid', {
          max: 60,
          hint: 'Knappens tekst: {day} (ugedag og dato) og {time}. Kort, så den står på én linje på en telefon.',
        }),
        noneNearest: sentence('Ingen nærmeste tider', {
          hint: 'Når kalenderen ingen har lige nu: bookingsidens adresse følger.',
        }),
        phone: sentence('Telefon', { hint: '{phone}.' }),
      },
      { hint: 'Mailen, når du har afvist forespørgslen.' },
    ),
    cancelled: group(
      'Aflyst',
      {
        subject: line('Emne', { hint: `{day} eller {fullDay}, {time}. ${DISCREET}` }),
        introClient: sentence('Indledning, når klienten har meldt afbud', {
          hint: '{when}: tiden fuldt ud. Tak for besked.',
        }),
        introPractitioner: sentence('Indledning, når jeg aflyser', {
          hint: '{when}. Din undskyldning, og at klienten intet betaler for det.',
        }),
        rebookClient: sentence('Ny tid, når klienten har meldt afbud', {
          hint: '{phone}; bookingsidens adresse følger.',
        }),
        rebookPractitioner: sentence('Ny tid, når jeg aflyser', {
          hint: '{phone}; bookingsidens adresse følger. Du vil gerne finde en ny tid.',
        }),
      },
      {
        hint: 'En bekræftet tid, du har frigivet og valgt at fortælle klienten om: klienten meldte afbud (på telefon), eller du aflyste. Din besked følger indledningen.',
      },
    ),
    closing: line('Afslutning', { hint: 'Før dit navn til sidst.' }),
    event: group(
      'Kalenderaftale',
      {
        file: line('Filnavn', { max: 60, hint: 'Den vedhæftede fils navn.' }),
        summary: line('Titel', { hint: `{practitioner}: hvem aftalen er med, aldrig hvad den er. ${DISCREET}` }),
        online: line('Online (sted)'),
        description: sentence('Beskrivelse', { hint: '{phone}.' }),
        deadline: sentence('Sidste frist for gratis afbud', {
          hint: 'Aftalens første linje og teksten i dens påmindelse, som ringer da: {day} (med dato og år) og {time}.',
        }),
        onlineNote: sentence('Note om online', { hint: 'En onlinesamtale uden fast rum: hvornår linket kommer.' }),
      },
      { hint: 'Den vedhæftede kalenderaftale: lige så diskret som emnet.' },
    ),
  },
);

export type VisitorMailTexts = Infer<typeof visitorMail>;
