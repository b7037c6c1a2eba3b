import { file, group, type Infer, line, sentence, text } from '../schema/fields';

/** content/practitioner/bookingMail.json: the mail she receives for each booking request, its calendar event and the reminder, in Danish. */
export const bookingMail = file(
  'Mail: bookingforespørgsel',
  'Mailen, du får for hver forespørgsel på en tid, dens kalenderbegivenhed og påmindelsen (altid på dansk).',
  {
    subject: line('Emne', { hint: '{service}: ydelsen; {when}: tiden; {name}: klientens navn.' }),
    subjectLanguage: line('Emne: sprog', {
      max: 60,
      hint: 'Føjes til emnet, når klienten skrev fra de engelske eller persiske sider; {language}: sproget.',
    }),
    intro: sentence('Indledning', { hint: 'Mailens første sætning.' }),
    answer: line('Over linkene', { max: 60, hint: 'Over linkene til svarsiden.' }),
    confirmLink: line('Link: bekræft', { max: 60, hint: 'Linket, der bekræfter tiden.' }),
    declineLink: line('Link: afvis', { max: 60, hint: 'Linket, der afviser forespørgslen.' }),
    answerNote: text('Om linkene', {
      hint: '{language}: klientens sprog; {until}: hvor længe linkene virker (Til og med / Til nedenfor).',
    }),
    untilDay: line('Til og med', {
      max: 60,
      hint: 'Når svarfristen udløber ved midnat: {day} (»mandag 30. november«).',
    }),
    untilTime: line('Til', { max: 60, hint: 'Når samtalen begynder før: {time} (»2. december 2026 kl. 11.00«).' }),
    language: line('Første linje: sprog', { hint: '{language}: det sprog, klienten skrev fra.' }),
    service: line('Ydelse (etiket)', { max: 40, hint: 'Foran ydelsen.' }),
    serviceDetail: line('Ydelsens længde og pris', { max: 60, hint: '{minutes}: længden; {price}: prisen.' }),
    time: line('Tid (etiket)', { max: 40, hint: 'Foran tidspunktet.' }),
    when: line('Tidspunkt', { hint: '{day}: dagen med dato og år; {from} og {to}: klokkeslættene.' }),
    format: line('Sted (etiket)', { max: 40, hint: 'Foran stedet (klinikken eller online).' }),
    name: line('Navn (etiket)', { max: 40, hint: 'Foran klientens navn.' }),
    email: line('E-mail (etiket)', { max: 40, hint: 'Foran klientens e-mail.' }),
    phone: line('Telefon (etiket)', { max: 40, hint: 'Foran klientens telefonnummer.' }),
    consent: sentence('Samtykke', { hint: '{time}: hvornår klienten gav samtykke, dansk tid.' }),
    message: line('Besked (etiket)', { max: 40, hint: 'Over klientens besked.' }),
    noMessage: line('Ingen besked', { max: 60, hint: 'Når klienten ikke skrev noget.' }),
    held: text('Reservationen', { hint: '{until}: hvor længe tiden er reserveret, som i Om linkene.' }),
    calendarNote: group(
      'Din kalender',
      {
        none: sentence('Du lægger den selv ind', { hint: 'Når hjemmesiden ikke holder din kalender.' }),
        written: sentence('Hjemmesiden skriver den', { hint: 'Når hjemmesiden skriver i din kalender (CalDAV).' }),
        subscribed: sentence('Din kalender henter den', {
          hint: 'Når din kalender henter tiderne fra hjemmesidens adresse.',
        }),
      },
      { hint: 'Efter reservationen: hvordan tiden kommer i din kalender, som serveren er sat op.' },
    ),
    event: group(
      'Kalenderbegivenheden',
      {
        file: line('Filnavn', { max: 40, hint: 'Den vedhæftede fils navn, med .ics.' }),
        summary: line('Titel', { hint: '{service} og {name}: titlen i din kalender.' }),
        description: text('Beskrivelse', {
          breaks: true,
          hint: '{format}: stedet; {phone} og {email}: klientens. Hver linje for sig.',
        }),
        online: line('Online', { max: 60, hint: 'Stedet for en onlinesamtale.' }),
        sendVideoLink: sentence('Send videolink', {
          hint: 'En onlinesamtale uden fast videorum: klientens mail lover linket dagen før. {email}.',
        }),
      },
      { hint: 'Begivenheden, der følger med mailen: den sender intet til nogen, når du lægger den i din kalender.' },
    ),
    reminder: group(
      'Påmindelsen',
      {
        subject: line('Emne', { hint: '{service} og {when}.' }),
        text: sentence('Tekst', { hint: '{service} og {when}.' }),
        after: sentence('Hvis du ikke svarer', { hint: 'Hvad der sker, hvis du ikke svarer i dag.' }),
        noLinks: sentence('Uden links', { hint: 'Når påmindelsen ikke kan have linkene med.' }),
      },
      { hint: 'Mailen om morgenen den dag, svaret på en forespørgsel senest skal gives.' },
    ),
  },
);

export type BookingMailTexts = Infer<typeof bookingMail>;
