import { file, group, type Infer, line, sentence, text } from '../schema/fields';

// What the client reads about keeping her own appointment (server/booking/manage/): her page,
// reached from the link in every confirmation, and the mails her changes and her reminder bring,
// in her language. Discreet as every visitor mail (visitorMail.ts): no subject, preview line or
// event title says what kind of appointment it is. Placeholders: '{phone}' the practice's number
// as she dials it; '{deadline}' a moment as the booking page writes one ('mandag 9. marts kl.
// 12.00 (dansk tid)'); '{when}' a session's time in full; '{fee}' the session's full price
// ('1.200 kr.'). The card's labels and the session's time are the confirmation mail's.

const DISCREET = 'Intet ord om terapi: en skærm eller en indbakke kan være delt.';

/** A title and a text, for a notice at the top of her page. */
const notice = (label: string, hint: string) =>
  group(label, { title: line('Overskrift'), text: sentence('Tekst') }, { hint });

/** content/<lang>/manage.json. */
export const manage = file(
  'Klientens eget link: side og mails',
  'Klientens side for sin aftale (fra linket i bekræftelsen) og mailene om hendes ændringer og påmindelse, på hendes sprog. {phone} er klinikkens nummer, {deadline} fristen for gratis afbud, {fee} samtalens fulde honorar.',
  {
    title: line('Titel', { hint: 'Sidens titel og overskrift.' }),
    deadline: group(
      'Fristen',
      {
        free: sentence('Før fristen', { hint: '{deadline}.' }),
        passed: sentence('Efter fristen', { hint: '{deadline}, {fee}: betingelserne, sagt ligeud.' }),
      },
      { hint: 'Under aftalen: hvornår hun kan aflyse gratis, eller at fristen er passeret.' },
    ),
    cancel: group(
      'Aflys',
      {
        heading: line('Overskrift'),
        reasonLabel: line('Begrundelse (etiket)'),
        reasonHint: sentence('Begrundelse (hjælpetekst)', { hint: 'At hun ikke skal skrive om sit helbred.' }),
        button: line('Knap', { max: 60 }),
      },
      { hint: 'Før fristen: aflys gratis, med en valgfri kort begrundelse.' },
    ),
    notify: group(
      'Giv besked om, at man ikke kommer',
      { heading: line('Overskrift'), text: sentence('Tekst'), button: line('Knap', { max: 60 }) },
      { hint: 'Efter fristen: tiden bliver ledig, honoraret gælder.' },
    ),
    move: group(
      'Flyt tiden',
      {
        heading: line('Overskrift'),
        text: sentence('Tekst', { hint: 'At den gamle tid er hendes, indtil du har bekræftet den nye.' }),
        showTimes: line('Vis tider (knap)', { max: 60 }),
        legend: line('Valg af tid', { hint: 'Over de ledige tider (dansk tid).' }),
        button: line('Knap', { max: 60 }),
        none: sentence('Ingen ledige tider', { hint: '{phone}.' }),
        used: sentence('Flytningen er brugt', { hint: 'Linkets ene flytning er brugt: {phone}.' }),
        laterTimes: line('Senere tider', { max: 60 }),
        back: line('Tilbage-link'),
      },
      { hint: 'Før fristen: én flytning med linket, til en anden ledig tid af samme samtale.' },
    ),
    phone: sentence('Telefon', { hint: 'Under knapperne: {phone}.' }),
    begun: sentence('Tiden er begyndt', { hint: 'Når samtalen er begyndt: kun status.' }),
    states: group(
      'Hvad der er sket med aftalen',
      {
        cancelled: sentence('Aflyst'),
        cancelledLate: sentence('Aflyst efter fristen', { hint: '{fee}.' }),
        released: sentence('Aflyst af dig', { hint: '{phone}.' }),
        moved: sentence('Flyttet', { hint: '{when}: den nye tid (det gamle link).' }),
        moving: sentence('Flytning venter på svar', {
          hint: '{when}: den ønskede tid, {day}: den sidste dag for dit svar. Den gamle tid er stadig hendes.',
        }),
        movingLapsed: sentence('Flytning ikke besvaret i tide', { hint: '{phone}.' }),
        unknown: sentence('Ukendt tilstand', { hint: 'Aftalen kan ikke ændres med linket: {phone}.' }),
      },
      { hint: 'På siden, når aftalen er ændret.' },
    ),
    done: group(
      'Efter et tryk',
      {
        cancelled: sentence('Aflyst'),
        cancelledLate: sentence('Aflyst efter fristen', { hint: '{fee}.' }),
        moving: sentence('Flytning sendt', { hint: '{when}: den ønskede tid, {day}: den sidste dag for dit svar.' }),
        noMail: sentence('Bekræftelsen kunne ikke sendes', {
          hint: 'Du har fået besked, men hendes egen mail kunne ikke sendes: siden er hendes kvittering.',
        }),
      },
      { hint: 'Øverst på siden efter hendes tryk.' },
    ),
    problems: group(
      'Problemer',
      {
        invalid: notice(
          'Linket virker ikke',
          'Ændret, fremmed eller efter samtalen: én side på alle tre sprog, der intet røber. {phone}.',
        ),
        pending: notice('Bliver sendt', 'Et andet tryk på linket er i gang.'),
        unavailable: notice('Ikke muligt lige nu', 'Hjemmesiden kan ikke spørge sit lager: {phone}.'),
        delivery: notice('Kunne ikke sendes', 'Mailen til dig kunne ikke sendes; intet er ændret: {phone}.'),
        uncertain: notice(
          'Måske ikke nået frem',
          'Hendes ændring er gjort på siden, men mailserveren svarede aldrig på mailen til dig: du har den måske ikke. Står øverst på hendes side, hver gang hun åbner den. {phone}.',
        ),
        taken: notice('Tiden er taget', 'Den valgte tid blev taget lige før; hendes egen er uændret.'),
        afterDeadline: notice('Fristen er lige overskredet', 'Fristen gik, mens hun besluttede sig; intet er gjort.'),
        tooLong: sentence('For lang begrundelse', { hint: '{max}.' }),
        forbidden: notice('Ikke tilladt', 'Formularen blev sendt fra en anden side end hjemmesiden.'),
        rateLimited: sentence('For mange forsøg', { hint: '{phone}.' }),
        off: sentence('Linket er slået fra', { hint: 'Når klientens eget link er slået fra: {phone}.' }),
      },
      { hint: 'Når et link eller et tryk ikke gør noget.' },
    ),
    home: line('Til forsiden', { max: 60, hint: 'Linket tilbage til hjemmesiden nederst på siden.' }),
    mails: group(
      'Mails',
      {
        deadline: sentence('Frist med linket', {
          hint: 'I bekræftelsen i stedet for dens fristlinje, mens linket er slået til: {deadline}, {phone}. Linket følger lige under.',
        }),
        manageLink: line('Linkets tekst', { max: 60 }),
        eventLine: line('Linje i kalenderbegivenheden', { hint: '{url}: linket.' }),
        cancelledFree: sentence('Kvittering for gratis afbud', { hint: '{when}.' }),
        cancelledLate: sentence('Kvittering efter fristen', { hint: '{when}, {deadline}, {fee}.' }),
        cancelAttachment: sentence('Om den vedhæftede kalenderfil', {
          hint: 'At den vedhæftede fil fjerner tiden fra hendes kalender.',
        }),
        movedPreheader: sentence('Flyttet: første linje', { hint: `{day} eller {fullDay}, {time}. ${DISCREET}` }),
        movedIntro: sentence('Flyttet: indledning', { hint: '{from}, {to}: tiderne skrevet fuldt ud.' }),
        moveDeclinedSubject: line('Flytning afvist: emne', {
          hint: `{day} eller {fullDay}, {time}: den tid, hun beholder. ${DISCREET}`,
        }),
        moveDeclinedIntro: sentence('Flytning afvist: tekst', {
          hint: '{asked}: den ønskede tid, {when}: hendes tid.',
        }),
        moveDeclinedPhone: sentence('Flytning afvist: telefon', { hint: '{phone}.' }),
        reminderSubject: line('Påmindelse: emne', { hint: `{day} eller {fullDay}, {time}. ${DISCREET}` }),
        reminderPreheader: sentence('Påmindelse: første linje', { hint: `{day} eller {fullDay}, {time}. ${DISCREET}` }),
        reminderIntro: sentence('Påmindelse: indledning', { hint: '{when}.' }),
      },
      { hint: 'Mailene om hendes ændringer og påmindelsen (bekræftelsen selv er under Mails til klienter).' },
    ),
    bookingForm: group(
      'På bookingformularen',
      {
        reminder: line('Påmindelse (afkrydsningsfelt)', { hint: 'Feltet er ikke afkrydset på forhånd.' }),
        reminderHint: sentence('Påmindelse (hjælpetekst)', { hint: 'Hvornår påmindelsen kommer.' }),
        cancellation: text('Afbud med linket', {
          hint: 'Opsummeringens afbudsregel, mens klientens eget link er slået til: linket ved siden af sms og telefon.',
        }),
      },
      { hint: 'Bookingformularens afkrydsningsfelt for påmindelse og dens afbudsregel.' },
    ),
  },
);

export type ManageTexts = Infer<typeof manage>;
