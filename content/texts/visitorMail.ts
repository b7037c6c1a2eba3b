// The two mails a visitor receives once the practitioner has answered their booking request
// (server/mail/visitorMail.ts), in the language they wrote from. Discreet by design: the subject
// and the calendar event's title never say what kind of appointment it is (a screen or a mailbox
// may be shared); the practice's name appears only as the sender. The body names the session.
// '{phone}' is the practice's number; the service's name, length and price come from prices.ts,
// the cancellation rule from prices.ts's cancellation section, the way to the clinic from contact.ts.

export interface VisitorMailTexts {
  /** The confirmation's subject: '{day}' (weekday and date) and '{time}', Danish time. No word of therapy. */
  confirmedSubject: string;
  /** The answer to a declined request: no time, no word of therapy. */
  declinedSubject: string;
  /** '{name}': the name the visitor gave. */
  greeting: string;
  confirmed: {
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
    /** For an online session: who sends the video link, and when. */
    online: string;
    /** The heading over the way to the clinic (then contact.ts's transport and parking texts). */
    findWay: string;
    /** The link text to the site's contact page with the map. */
    mapLink: string;
    cancellationHeading: string;
    /** '{deadline}': the day and time by which to cancel, '{phone}'. */
    deadline: string;
    /** What the attached event is. */
    attachment: string;
  };
  declined: {
    /** '{when}': the time asked for, in full. */
    intro: string;
    /** Above the practitioner's own words, when she wrote any. */
    message: string;
    /** Above the nearest free times, each a link to the booking page. */
    nearest: string;
    /** When the calendar offers none right now: the booking page's address follows. */
    noneNearest: string;
    /** '{phone}'. */
    phone: string;
  };
  /** Before the practitioner's name at the end. */
  closing: string;
  /** The attached event: discreet like the subject. */
  event: {
    file: string;
    summary: string;
    online: string;
    /** '{phone}'. */
    description: string;
  };
}
