// What the site writes into the practitioner's own calendar for a confirmed session, and what it
// mails her about her calendar (server/booking/herCalendar/): always in Danish, for her. The
// event carries what she needs to run her day (the service, the place or video room, the client's
// name and phone) and nothing the client wrote in the request.

export const herCalendar = {
  event: {
    /** {service}, {name}. */
    summary: '{service} – {name}',
    /** {format}, {phone}. */
    description: 'Bekræftet via hjemmesiden.\n{format}\nTelefon: {phone}',
    /** A request sent before the link carried the phone. */
    noPhone: 'se forespørgslens mail',
    online: 'Online (video)',
    /** An online session without BOOKING_VIDEO_URL: her promise to the client, where she sees it on the day. */
    sendVideoLink: 'Send klienten linket til videosamtalen senest dagen før.',
  },
  /** The subscription address's calendar, as her calendar app names it. */
  subscriptionName: 'Aftaler fra hjemmesiden',
  mail: {
    /** {service}, {when}: the session as it stands in her calendar. */
    subject: 'Din kalender: {service} {when}',
    /** She changed the event herself, then the session moved: {to} the new time. */
    moved:
      'Aftalen {service} {when} med {name} er flyttet til {to}. Du har selv ændret aftalen i din kalender, så hjemmesiden har ikke rørt den dér: flyt den selv.',
    /** She changed the event herself, then the session was cancelled. */
    cancelled:
      'Aftalen {service} {when} med {name} er aflyst. Du har selv ændret aftalen i din kalender, så hjemmesiden har ikke slettet den dér: slet den selv.',
    /** The same UID is in her calendar under another name. */
    conflict:
      'Hjemmesiden kunne ikke skrive aftalen {service} {when} med {name} i din kalender: der ligger allerede en begivenhed med samme id (UID) et andet sted i kalenderen, fx en kopi. Tjek, at aftalen står i din kalender.',
    /** The calendar refuses the site's login (401/403): once, however often it is tried. */
    loginSubject: 'Hjemmesiden kan ikke længere skrive i din kalender',
    login:
      'Hjemmesiden kan ikke længere skrive i din kalender: kalenderen afviser adgangskoden. Lav en ny app-adgangskode hos din kalenderudbyder, og bed den, der driver hjemmesiden, om at sætte den som CALDAV_PASSWORD. Indtil da står nye og ændrede aftaler kun på hjemmesiden og i bookingmailene; de skrives i kalenderen, så snart adgangskoden virker.',
    /** At the end of every mail about her calendar. */
    after: 'Aftalen er bekræftet på hjemmesiden som før; denne mail handler kun om din egen kalender.',
  },
};
