// What the practitioner reads when a client changes her own appointment with the link in her
// confirmation (server/booking/manage/): the mail of a cancellation, the mail of a move (a request
// with her two links, saying which confirmed time it replaces), and what her answer page says of
// an appointment the client changed. Danish, for her, as bookingMail.ts and bookingAnswer.ts.
// Placeholders: {name} the client's name, {service}, {when} a time as her mails write it
// ('tirsdag den 10. marts 2026 kl. 14.00–14.50 (dansk tid)'), {deadline} the free deadline, {fee}.

export const clientChanges = {
  cancelled: {
    /** The subject: {service}, {when} (day and start), {name}. */
    subject: 'Afbud: {service} {when} – {name}',
    /** {name}, {service}, {when}. */
    intro: '{name} har aflyst sin tid: {service}, {when}.',
    /** Before the deadline: {deadline}. */
    free: 'Afbuddet kom inden fristen ({deadline}): det er gratis.',
    /** After it: {deadline}, {fee}. */
    late: 'Afbuddet kom efter fristen ({deadline}): honoraret gælder, {fee}.',
    reason: 'Klientens begrundelse:',
    noReason: '(ingen begrundelse)',
    /** What the site did, and what is hers to do. */
    after: 'Tiden er ledig igen på hjemmesiden, og klienten får en bekræftelse. Slet tiden i din egen kalender.',
  },
  move: {
    /** The subject: {service}, {when} (the new day and start), {name}. */
    subject: 'Flytning: {service} {when} – {name}',
    /** {name}, {old}, {new}: the times in full. */
    intro: '{name} vil flytte sin bekræftede tid {old} til {new}.',
    /** What her answer does. */
    explain:
      'Den gamle tid er klientens, indtil du svarer. Bekræfter du, får klienten den nye tid, og den gamle bliver ledig. Afviser du, beholder klienten den gamle tid.',
    /** Over the details: the time it replaces. */
    replaces: 'Erstatter',
    newTime: 'Ny tid',
  },
  /** Her answer page, on a move's links. */
  page: {
    /** The heading's question: {name} (genitive for a Latin name, as the request's), {old}, {new} (day and time). */
    question: { confirm: 'Flyt {name} tid fra {old} til {new}?', decline: 'Afvis flytningen af {name} tid til {new}?' },
    questionFor: {
      confirm: 'Flyt tiden for {name} fra {old} til {new}?',
      decline: 'Afvis flytningen for {name} til {new}?',
    },
    /** Below the button: {language}. */
    explain: {
      confirm:
        'Klienten får en e-mail på {language} med den nye tid under den samme kalenderbegivenhed, og den gamle tid bliver ledig på hjemmesiden. Flyt tiden i din egen kalender.',
      decline: 'Klienten får en e-mail på {language} om, at den gamle tid er uændret. Den nye tid bliver ledig igen.',
    },
    done: {
      confirm: 'Klienten har fået en e-mail med den nye tid, og den gamle tid er ledig på hjemmesiden.',
      decline: 'Klienten har fået en e-mail om, at den gamle tid er uændret, og den nye tid er ledig igen.',
    },
    calendar: { confirm: 'Flyt tiden i din egen kalender.', decline: 'Din kalender skal ikke ændres.' },
  },
  /** What her page says of an appointment the client changed (or of a move that no longer waits). */
  states: {
    cancelled: { title: 'Klienten har aflyst', text: 'Klienten har aflyst tiden inden fristen. Tiden er ledig igen.' },
    cancelledLate: {
      title: 'Klienten kommer ikke',
      text: 'Klienten har givet besked efter fristen om ikke at komme. Honoraret gælder. Tiden er ledig igen.',
    },
    /** {when}: the new time. */
    moved: { title: 'Tiden er flyttet', text: 'Tiden er flyttet til {when}. Brug linkene i flytningens mail.' },
    /** {when}: the time asked for. */
    moving: {
      title: 'Klienten vil flytte tiden',
      text: 'Klienten har bedt om at flytte tiden til {when}. Svar med linkene i flytningens mail. Indtil da er den gamle tid klientens.',
    },
    withdrawn: {
      title: 'Flytningen er bortfaldet',
      text: 'Aftalen er aflyst i mellemtiden, så der er intet at svare på.',
    },
  },
};
