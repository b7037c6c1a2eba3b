// What the client reads about keeping her own appointment (server/booking/manage/): her manage
// page, reached from the link in every confirmation, and the mails her changes and her reminder
// bring, in her language. Discreet as every visitor mail (content/texts/visitorMail.ts): no
// subject, preview line or event title says what kind of appointment it is. Placeholders:
// '{phone}' the practice's number as she dials it; '{deadline}' a moment as the booking page
// writes one ('mandag den 9. marts 2026 kl. 12.00 (dansk tid)'); '{when}' a session's time in full;
// '{fee}' the session's full price ('1.200 kr.'). The card's labels and the session's time are the
// confirmation mail's (visitorMail.json: confirmed).

export interface ManageTexts {
  /** The page's title and heading. */
  title: string;
  deadline: {
    /** Before the deadline: '{deadline}'. */
    free: string;
    /** After it: '{deadline}', '{fee}'. The practice's terms, plainly. */
    passed: string;
  };
  /** Cancelling before the deadline, free of charge. */
  cancel: {
    heading: string;
    reasonLabel: string;
    /** Under the reason box: nothing about her health. */
    reasonHint: string;
    button: string;
  };
  /** After the deadline: telling the practice she will not come (the time is freed, the fee stands). */
  notify: { heading: string; text: string; button: string };
  /** Moving the appointment to another free time of the same service (one move by the link). */
  move: {
    heading: string;
    /** That the old time stays hers until the practitioner confirms the new one. */
    text: string;
    /** The link that shows the free times. */
    showTimes: string;
    /** Over the free times (Danish time). */
    legend: string;
    button: string;
    /** No other free time: '{phone}'. */
    none: string;
    /** The link's one move is used: '{phone}'. */
    used: string;
    laterTimes: string;
    back: string;
  };
  /** Besides the buttons: '{phone}'. */
  phone: string;
  /** The session has begun: status only. */
  begun: string;
  /** What became of the appointment, on its page. */
  states: {
    cancelled: string;
    /** '{fee}'. */
    cancelledLate: string;
    /** Cancelled by the practitioner: '{phone}'. */
    released: string;
    /** '{when}': the time it was moved to. */
    moved: string;
    /** '{when}' the time asked for, '{day}' the last day of her answer. The old time is still hers. */
    moving: string;
    /** Her answer did not come by the day it was due: the old time stands. */
    movingLapsed: string;
    /** A state the link cannot act on: '{phone}'. */
    unknown: string;
  };
  /** After a press. */
  done: {
    cancelled: string;
    /** '{fee}'. */
    cancelledLate: string;
    /** '{when}' the time asked for, '{day}' the last day of her answer. */
    moving: string;
    /** The practice was told but the client's own mail could not be sent: this page is her receipt. */
    noMail: string;
  };
  /** A link or a press that does nothing. Each a title and a text. */
  problems: {
    /** Altered, foreign, or past its session: one page that says nothing of what the link was. */
    invalid: { title: string; text: string };
    /** Another press of the link is under way. */
    pending: { title: string; text: string };
    /** The store cannot be asked: '{phone}'. */
    unavailable: { title: string; text: string };
    /** The practice's mail could not be sent: '{phone}'. */
    delivery: { title: string; text: string };
    /** The time asked for was just taken: her own is unchanged. */
    taken: { title: string; text: string };
    /** The deadline passed while she decided: nothing done. */
    afterDeadline: { title: string; text: string };
    /** The reason is too long: '{max}'. */
    tooLong: string;
    /** A post from another site. */
    forbidden: { title: string; text: string };
    /** Too many presses or reads: '{phone}'. */
    rateLimited: string;
    /** The practice changes appointments by phone only (the link is switched off): '{phone}'. */
    off: string;
  };
  /** The link back to the site. */
  home: string;
  mails: {
    /** In a confirmation instead of its deadline line: '{deadline}', '{phone}'. The link comes next. */
    deadline: string;
    /** The link's words in a mail. */
    manageLink: string;
    /** The event's description: '{url}'. */
    eventLine: string;
    /** The client's receipt of her own cancellation (its subject is visitorMail.json's cancelled one). '{when}'. */
    cancelledFree: string;
    /** '{when}', '{deadline}', '{fee}'. */
    cancelledLate: string;
    /** What the attached event does in her calendar. */
    cancelAttachment: string;
    /** A confirmed move: the preview line ('{day}' or '{fullDay}', '{time}') and the first paragraph ('{from}', '{to}'). */
    movedPreheader: string;
    movedIntro: string;
    /** Her move declined: the subject ('{day}', '{fullDay}', '{time}' of the time she keeps), the text ('{asked}', '{when}'), the phone ('{phone}'). */
    moveDeclinedSubject: string;
    moveDeclinedIntro: string;
    moveDeclinedPhone: string;
    /** The reminder: its subject and preview ('{day}', '{fullDay}', '{time}'), its first line ('{when}'). Its deadline line is `deadline`, or visitorMail's without the link. */
    reminderSubject: string;
    reminderPreheader: string;
    reminderIntro: string;
  };
  /** On the booking form. */
  bookingForm: {
    /** The unticked box. */
    reminder: string;
    /** Under it: when the reminder comes. */
    reminderHint: string;
    /** The summary's cancellation rule while the link is on: the link beside sms and phone. */
    cancellation: string;
  };
}
