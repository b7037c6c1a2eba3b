import { type Field, file, group, type Infer, line, sentence, text } from '../schema/fields';

// The page she reaches from the two links in a booking request's mail ('Bekræft tiden', 'Afvis')
// and what it says after her press, in Danish. Opening the page changes nothing; only its button
// acts (server/booking/decision/).

/** A text for each of her two decisions. */
const byDecision = <F extends Field>(label: string, hint: string, field: (label: string) => F) =>
  group(label, { confirm: field('Ved bekræft'), decline: field('Ved afvis') }, { hint });

/** A page's heading and its text. */
const titled = (label: string, hint: string) =>
  group(label, { title: line('Overskrift'), text: text('Tekst') }, { hint });

/** content/practitioner/bookingAnswer.json: her answer page's words. */
export const bookingAnswer = file(
  'Svarsiden',
  'Siden, linkene i en forespørgsels mail åbner (Bekræft tiden, Afvis), og hvad den siger, når du har trykket (altid på dansk).',
  {
    title: byDecision('Fanens titel', 'Sidens titel i browserfanen.', (label) => line(label, { max: 60 })),
    question: byDecision(
      'Overskrift',
      'Beslutningen som spørgsmål. {name}: klientens navn i ejefald (»Karen Blixens«); {when}: »torsdag 14. januar kl. 10.00«.',
      (label) => line(label),
    ),
    questionFor: byDecision(
      'Overskrift (andet alfabet)',
      'Det samme for et navn med andre bogstaver, uden dansk ejefald: {name}, {when}.',
      (label) => line(label),
    ),
    when: line('Tidspunkt', { max: 60, hint: '{day} og {time}.' }),
    whoWhen: line('Hvem og hvornår', { max: 60, hint: 'Under overskriften efter et tryk: {name} og {when}.' }),
    service: line('Ydelse (etiket)', { max: 40, hint: 'På kortet med forespørgslen.' }),
    time: line('Tid (etiket)', { max: 40, hint: 'På kortet med forespørgslen.' }),
    format: line('Sted (etiket)', { max: 40, hint: 'På kortet med forespørgslen.' }),
    name: line('Navn (etiket)', { max: 40, hint: 'På kortet med forespørgslen.' }),
    language: line('Sprog (etiket)', { max: 40, hint: 'På kortet med forespørgslen.' }),
    explain: byDecision('Hvad trykket gør', 'Under knappen. {language}: klientens sprog.', (label) => text(label)),
    videoRoom: sentence('Videorum', { hint: 'En onlinesamtale i dit faste videorum: {url}.' }),
    videoPromise: sentence('Videolink lovet', { hint: 'En onlinesamtale uden fast videorum.' }),
    messageLabel: line('Besked (etiket)', { max: 60, hint: 'Over feltet til en besked til klienten.' }),
    messageCue: sentence('Beskedens sprog', { hint: '{language}: klientens sprog.' }),
    messageNumbers: sentence('Tal i beskeden', { hint: 'Til en klient, der læser fra højre mod venstre.' }),
    messageHint: sentence('Om beskeden', { hint: 'Under feltet til beskeden.' }),
    messageTooLong: sentence('Beskeden er for lang', { hint: '{max}: det højeste antal tegn.' }),
    offerLegend: line('Ledige tider (overskrift)', { hint: 'Over de nærmeste ledige tider på afvis-siden.' }),
    offerHint: sentence('Ledige tider (hjælp)', { hint: 'Under de ledige tider på afvis-siden.' }),
    noOffers: sentence('Ingen ledige tider', { hint: 'Når kalenderen ingen ledige tider har for ydelsen.' }),
    button: byDecision('Knappen', 'Knappen, der sender svaret.', (label) => line(label, { max: 60 })),
    other: byDecision('Den anden beslutning', 'Under knappen.', (label) => line(label)),
    otherLink: byDecision('Link til den anden beslutning', 'Under knappen.', (label) => line(label, { max: 60 })),
    done: group(
      'Efter trykket',
      {
        confirm: group('Bekræftet', {
          title: line('Overskrift'),
          text: text('Tekst'),
          calendar: text('Din kalender', { hint: 'Når du selv lægger tiden i din kalender.' }),
          calendarWritten: sentence('Din kalender: skrives af hjemmesiden', {
            hint: 'Når hjemmesiden skriver i din kalender (CalDAV).',
          }),
          calendarSubscribed: sentence('Din kalender: abonnement', {
            hint: 'Når din kalender henter tiderne fra hjemmesidens adresse.',
          }),
          movedWritten: sentence('En flytning: skrives af hjemmesiden', {
            hint: 'Når du bekræfter en flytning, og hjemmesiden skriver i din kalender.',
          }),
          movedSubscribed: sentence('En flytning: abonnement', {
            hint: 'Når du bekræfter en flytning, og din kalender henter tiderne fra hjemmesidens adresse.',
          }),
        }),
        decline: group('Afvist', { title: line('Overskrift'), text: text('Tekst'), calendar: text('Din kalender') }),
        release: group('Frigivet', {
          title: line('Overskrift'),
          text: text('Tekst'),
          calendar: text('Din kalender', { hint: 'Når du selv sletter tiden i din kalender.' }),
          calendarWritten: sentence('Din kalender: slettes af hjemmesiden', {
            hint: 'Når hjemmesiden skriver i din kalender (CalDAV).',
          }),
          calendarSubscribed: sentence('Din kalender: abonnement', {
            hint: 'Når din kalender henter tiderne fra hjemmesidens adresse.',
          }),
        }),
      },
      { hint: 'Siden, når svaret er sendt.' },
    ),
    releasedTold: sentence('Frigivet med besked', { hint: 'Efter en frigivelse, hvor klienten fik en e-mail.' }),
    sendVideoLink: sentence('Send videolink', {
      hint: 'Efter en bekræftelse af en onlinesamtale uden videorum: {email}.',
    }),
    already: group(
      'Allerede brugt',
      {
        confirm: titled('Bekræftet', 'Linket er brugt til at bekræfte.'),
        decline: titled('Afvist', 'Linket er brugt til at afvise.'),
        release: group('Frigivet', {
          title: line('Overskrift'),
          text: text('Tekst'),
          untold: text('Uden besked', { hint: 'Når du valgte ikke at skrive til klienten.' }),
        }),
      },
      { hint: 'Siden for et link, der allerede er brugt, så længe samtalen ligger forude. Intet sendes igen.' },
    ),
    releaseHeading: line('Aflyst? (overskrift)', { hint: 'På en bekræftet tids side: når tiden aflyses.' }),
    releaseText: text('Aflyst? (tekst)', { hint: 'Under Aflyst? (overskrift): hvad frigivelsen gør.' }),
    releaseWho: group(
      'Hvem aflyser',
      {
        legend: line('Spørgsmålet', { max: 60 }),
        client: line('Klienten', { max: 60 }),
        practitioner: line('Dig', { max: 60 }),
      },
      { hint: 'Mailen takker klienten for beskeden eller siger, at du beklager.' },
    ),
    releaseWhoMissing: sentence('Hvem aflyser mangler', {
      hint: 'Når du bad om en mail til klienten, men ikke valgte, hvem der aflyser.',
    }),
    releaseButton: line('Frigiv-knappen', { max: 60, hint: 'Knappen, der frigiver tiden.' }),
    releaseTell: line('Send besked (afkrydsning)', { hint: '{language}: klientens sprog.' }),
    releaseMessageLabel: line('Besked ved aflysning (etiket)', {
      hint: 'Over feltet til en besked i aflysningsmailen.',
    }),
    lapsed: group(
      'Svarfristen er overskredet',
      {
        title: line('Overskrift'),
        text: text('Tekst'),
        decline: text('Afvis alligevel'),
        explain: text('Hvad afvisningen gør', {
          hint: 'Under knappen i stedet for »Hvad trykket gør«: tiden er allerede ledig. {language}.',
        }),
      },
      { hint: 'Et ægte link efter fristen, uden svar: forespørgslen og kun afvis.' },
    ),
    taken: titled(
      'Optaget af en anden forespørgsel',
      'Ved bekræft: en anden forespørgsel holder en tid, der overlapper.',
    ),
    busy: titled('Optaget i din kalender', 'Ved bekræft: din kalender viser allerede noget på tidspunktet.'),
    uncertain: group(
      'Mailen er måske sendt',
      {
        title: line('Overskrift'),
        noReply: text('Intet svar fra mailserveren', {
          hint: 'Mailserveren tog imod mailen uden at sige, om den blev modtaget.',
        }),
        interrupted: text('Et afbrudt tryk', { hint: 'Et tryk blev afbrudt, mens det sendte mailen (en genstart).' }),
        state: group('Tiden nu', {
          confirm: sentence('Efter bekræft'),
          decline: sentence('Efter afvis'),
          release: sentence('Efter frigiv'),
        }),
        noResend: text('Sendes ikke igen af sig selv'),
        resend: text('Send igen (forklaring)', { hint: 'Over knappen »Send mailen igen«.' }),
        resendFailed: text('Kunne ikke sende igen', { hint: 'Når mailserveren afviste mailen, du sendte igen.' }),
        button: line('Send igen-knappen', { max: 60 }),
      },
      {
        hint: 'Når mailen til klienten måske er sendt: hjemmesiden sender den kun igen, når du trykker »Send mailen igen«, og aldrig et andet svar.',
      },
    ),
    pending: titled('Svaret er ved at blive sendt', 'Et andet tryk på samme link sender lige nu; dette sendte intet.'),
    past: titled('Tiden er passeret', 'Samtalen er begyndt: linket gør ikke mere.'),
    expired: titled('Linket er udløbet', 'Fristen er gået, og du bad om at bekræfte.'),
    invalid: titled('Linket virker ikke', 'Ændret, ufuldstændigt eller fra en anden side.'),
    forbidden: titled('Ikke sendt', 'Et tryk, der ikke kom fra sidens egen knap.'),
    delivery: titled('Mailen kunne ikke sendes', 'Klientens mail nåede ikke frem; trykket er gjort om.'),
    unavailable: titled('Prøv igen om lidt', 'Hjemmesiden kan lige nu ikke sikre, at klienten kun får én mail.'),
    rateLimited: sentence('For mange tryk', { hint: 'Når der er trykket for mange gange på kort tid.' }),
    home: line('Til forsiden', { max: 60, hint: 'Linket hjem på siderne uden formular.' }),
  },
);

export type BookingAnswerTexts = Infer<typeof bookingAnswer>;
