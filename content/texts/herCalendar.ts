import { file, group, type Infer, line, sentence, text } from '../schema/fields';

/** content/practitioner/herCalendar.json: what the site writes into her own calendar and mails her about it, in Danish (server/booking/herCalendar/). */
export const herCalendar = file(
  'Din kalender',
  'Det, hjemmesiden skriver i din egen kalender for en bekræftet tid, og mailene om din kalender (altid på dansk). Bruges kun, når hjemmesiden holder din kalender.',
  {
    event: group(
      'Begivenheden',
      {
        summary: line('Titel', { hint: '{service}: ydelsen; {name}: klientens navn. Titlen i din kalender.' }),
        description: text('Beskrivelse', {
          breaks: true,
          hint: '{format}: stedet; {phone}: klientens telefon. Hver linje for sig. Intet fra klientens besked.',
        }),
        noPhone: line('Uden telefon', { max: 60, hint: 'I stedet for telefonen, når linket ikke bar den.' }),
        online: line('Online', { max: 60, hint: 'Stedet for en onlinesamtale uden fast videorum.' }),
        sendVideoLink: sentence('Send videolink', {
          hint: 'En onlinesamtale uden fast videorum: en påmindelse til dig.',
        }),
      },
      { hint: 'Begivenheden for en bekræftet tid. Ingen deltagere, så ingen kalender skriver til klienten.' },
    ),
    subscriptionName: line('Abonnementets navn', {
      max: 60,
      hint: 'Kalenderens navn, når den hentes fra hjemmesidens adresse.',
    }),
    mail: group(
      'Mailene',
      {
        subject: line('Emne', { hint: '{service} og {when}: tiden, som den står i din kalender.' }),
        moved: sentence('Flyttet, men ændret af dig', {
          hint: '{service}, {when}, {name}, {to}: den nye tid. Du havde selv ændret aftalen i kalenderen.',
        }),
        cancelled: sentence('Aflyst, men ændret af dig', {
          hint: '{service}, {when}, {name}. Du havde selv ændret aftalen i kalenderen.',
        }),
        conflict: sentence('Samme id et andet sted', { hint: '{service}, {when}, {name}.' }),
        loginSubject: line('Emne: adgangskoden', { hint: 'Når kalenderen afviser hjemmesidens adgangskode.' }),
        login: text('Adgangskoden afvises', { hint: 'Sendes én gang, uanset hvor mange gange der prøves igen.' }),
        after: sentence('Til sidst', { hint: 'Sidst i hver mail om din kalender.' }),
      },
      { hint: 'Mails til dig, når hjemmesiden ikke kan eller vil ændre din kalender.' },
    ),
  },
);

export type HerCalendarTexts = Infer<typeof herCalendar>;
