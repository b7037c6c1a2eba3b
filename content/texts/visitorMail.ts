// The two mails a visitor receives once the practitioner has answered their booking request
// (server/mail/visitorMail.ts), in the language they wrote from. Discreet by design: the sender is
// the practitioner by name (never the practice's name), and the subject, the first lines a mail
// program previews and the calendar event's title never say what kind of appointment it is (a
// screen or a mailbox may be shared). The body names the session, below the time and the place.
// '{phone}' is the practice's number (dialable from abroad in English and Persian, and for every
// online session); the service's name, length and price come from prices.ts, the cancellation
// rule from prices.ts's cancellation section, the way to the clinic from contact.ts.

export interface VisitorMailTexts {
  /** The practitioner's name as this language writes it: the sender and the signature. */
  practitioner: string;
  /** The confirmation's subject: '{day}' (weekday and date) or '{fullDay}' (with the year, as the body writes it) and '{time}', Danish time. No word of therapy. */
  confirmedSubject: string;
  /** The answer to a declined request: no time, no word of therapy. */
  declinedSubject: string;
  /** '{name}': the visitor's first name. */
  greeting: string;
  confirmed: {
    /** The mail's first line (and the HTML's hidden preview line): '{day}' or '{fullDay}', '{time}'. Nothing of what the session is. */
    preheader: string;
    intro: string;
    /** The labels of the details. */
    service: string;
    time: string;
    place: string;
    price: string;
    /** '{day}' (with its date and year), '{from}', '{to}'. */
    when: string;
    /** '{address}': the clinic's address on one line. */
    clinic: string;
    /** An online session when the practice has no fixed video room: when the link will come. */
    online: string;
    /** An online session in the practice's video room (BOOKING_VIDEO_URL follows). */
    onlineRoom: string;
    /** One line on how to join the video room. */
    join: string;
    /** The heading over the way to the clinic (then contact.ts's transport and parking texts). */
    findWay: string;
    /** The link text to the site's contact page with the map. */
    mapLink: string;
    cancellationHeading: string;
    /** '{deadline}': the day and time by which to cancel, '{phone}'. (Then the price page's fee line.) */
    deadline: string;
    /** Questions are welcome as a reply (its Reply-To invites one); a cancellation goes by sms or phone, so that she sees it in time. */
    reply: string;
    /** The link text to the whole rule on the price page. */
    ruleLink: string;
    /** What the attached event is, and for which calendars. */
    attachment: string;
    /** Before the links that add the session to a web calendar. */
    addTo: string;
    google: string;
    outlook: string;
  };
  declined: {
    /** The first line when her answer comes after the day the request page promised it. */
    late: string;
    /** '{when}': the time asked for, in full. */
    intro: string;
    /** Above the nearest free times, each a link to that time on the booking page (it says they are Danish time). */
    nearest: string;
    /** Each offered time, a button: '{day}' (weekday and date) and '{time}'. Short: one line on a phone. */
    offer: string;
    /** When the calendar offers none right now: the booking page's address follows. */
    noneNearest: string;
    /** '{phone}'. */
    phone: string;
  };
  /** A confirmed time she released, if she chose to tell the client: the client cancelled (by phone), or she did. Her message, if any, follows the intro. */
  cancelled: {
    /** '{day}' or '{fullDay}', '{time}'. No word of therapy. */
    subject: string;
    /** '{when}': the time in full. Thanks for letting her know. */
    introClient: string;
    /** '{when}'. Her apology, and that the client pays nothing for it. */
    introPractitioner: string;
    /** '{phone}'; the booking page's address follows. */
    rebookClient: string;
    /** '{phone}'; the booking page's address follows. She wants to find a new time. */
    rebookPractitioner: string;
  };
  /** Before the practitioner's name at the end. */
  closing: string;
  /** The attached event: discreet like the subject. */
  event: {
    file: string;
    /** '{practitioner}': whom it is with, never what it is. */
    summary: string;
    online: string;
    /** '{phone}'. */
    description: string;
    /** The first line of the event's description and the text of its alarm, which rings then: '{day}' (with its date and year), '{time}'. */
    deadline: string;
    /** An online session without a fixed room: when the link comes. */
    onlineNote: string;
  };
}
