// The mail the practice receives for each booking request, and the calendar event attached to it:
// always in Danish, for the practitioner. It names the language the visitor wrote from, so the
// answer can be in it. The outer subject of an encrypted mail is the contact mail's neutral one
// (content/practiceMail.ts), so that a mail provider cannot tell a booking from a message.

export const bookingMail = {
  /** {name}, {service}, {when}. */
  subject: 'Booking: {service} {when} – {name}',
  /** Added to the subject when the visitor wrote from the English or Persian pages. */
  subjectLanguage: ' (på {language})',
  intro: 'Forespørgsel på en tid via hjemmesiden.',
  /** Above the two links. */
  answer: 'Svar klienten:',
  confirmLink: 'Bekræft tiden',
  declineLink: 'Afvis',
  /** {language}, {until}: when the links stop working ('til og med mandag 30. november'). */
  answerNote:
    'Linkene åbner en side på hjemmesiden, hvor du trykker én gang til. Klienten får så en e-mail på {language}. Linkene virker {until}; derefter kan du stadig afvise med dem, men svarer ellers på e-mail eller telefon.',
  /** The last day, when the time runs out at midnight: {day} ('mandag 30. november'). */
  untilDay: 'til og med {day}',
  /** Otherwise (the session starts first): {time} ('2. december 2026 kl. 11.00'). */
  untilTime: 'til {time}',
  /** The first line. */
  language: 'Sprog: {language}',
  service: 'Ydelse',
  /** {minutes}, {price}. */
  serviceDetail: '{minutes}, {price}',
  time: 'Tid',
  /** {day} (with its date and year), {from}, {to}. */
  when: '{day} kl. {from}–{to} (dansk tid)',
  format: 'Sted',
  name: 'Navn',
  email: 'E-mail',
  phone: 'Telefon',
  /** {time}: Danish local time, '22. november 2026 kl. 20.04'. */
  consent: 'Samtykke til persondatapolitikken: givet {time}',
  message: 'Besked:',
  noMessage: '(ingen besked)',
  /** {until}: when the hold lapses, as answerNote's. */
  held: 'Tiden er reserveret på hjemmesiden {until}, så ingen andre kan bede om den imens. Bekræfter du den med linket, forbliver den optaget på hjemmesiden, indtil samtalen begynder.',
  /** After `held`: how the time reaches her own calendar, as the site is configured (server/booking/herCalendar/). */
  calendarNote: {
    none: 'Læg den i din egen kalender med den vedhæftede kalenderbegivenhed (booking.ics).',
    written:
      'Bekræfter du den, skriver hjemmesiden den selv i din kalender; den vedhæftede kalenderbegivenhed (booking.ics) behøver du ikke.',
    subscribed:
      'Bekræfter du den, kommer den i din kalender, næste gang den henter hjemmesidens kalenderadresse; den vedhæftede kalenderbegivenhed (booking.ics) behøver du ikke.',
  },
  /** The attached event: adding it to a calendar sends nothing to anyone (no organizer, no attendees). */
  event: {
    file: 'booking.ics',
    /** {service}, {name}. */
    summary: '{service} – {name}',
    /** {format}, {phone}, {email}. */
    description: 'Forespurgt via hjemmesiden.\n{format}\nTelefon: {phone}\nE-mail: {email}',
    online: 'Online (video)',
    /** An online session without BOOKING_VIDEO_URL: the client's mail promises the link by the day before. {email}. */
    sendVideoLink: 'Send videolink til {email} senest dagen før.',
  },
  /** The morning the answer is due, one mail per unanswered request (server/booking/decision/reminder.ts). */
  reminder: {
    /** {service}, {when}. */
    subject: 'Påmindelse: {service} {when} venter på dit svar',
    /** {service}, {when}. */
    text: 'Påmindelse: En forespørgsel på {service} {when} venter på dit svar. Linkene i forespørgslens mail virker til og med i dag.',
    /** After today the time is no longer reserved, and the client has heard nothing. */
    after:
      'Svarer du ikke i dag, er tiden fra i morgen ikke længere reserveret, og klienten har ikke fået svar. Du kan stadig afvise med linket bagefter, så klienten får besked.',
    /** When the sealed request did not ride with the hold. */
    noLinks: 'Svar med linkene i forespørgslens mail.',
  },
};
