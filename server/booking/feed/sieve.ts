import { FeedError, joinedLeftOut, leaveOut, type FeedBounds, type LeftOut } from './bounds';
import { FeedLines } from './lines';
import { createdAt, keptEvent, shownUid, touches, valueOfLine, type EventNotes, type KeptEvent } from './event';
import { addressOf, going, invited, ownerOfName, parameterOf } from './invitation';
import { KeptEvents } from './kept';

// A feed read as it comes, line by line (lines.ts), keeping only what decides busy times: so
// that a practice's years of history never stand in memory at once, as text or as a tree. What
// is kept, per calendar (a feed may join several):
// - VTIMEZONE definitions, whole;
// - of each VEVENT, only UID, DTSTART, DTEND, DURATION, RRULE, RDATE, EXDATE, RECURRENCE-ID,
//   TRANSP, STATUS and Outlook's X-MICROSOFT-CDO-BUSYSTATUS (never a title, a description, a place,
//   an attendee or an alarm); an event with no recurrence that ends before the window, or starts
//   after it, is dropped as soon as it is read;
// - of each VFREEBUSY, its FREEBUSY periods.
// Everything else (to-dos, journal entries, the calendar's own properties) is dropped. What is
// kept is the text ical.js then reads (busy.ts), one small component at a time; what the sieve
// reads of a kept event's dates is event.ts's. A one-off event (no recurrence, no override) needs
// no expansion: it is handed on as it is read (busy.ts makes it busy time at once, or, when its
// zone is not defined yet, one at a time once the feed is in), so that tens of thousands of
// invitations in the weeks ahead never stand in memory together as ical.js events. What is kept
// until the feed is in is bounded (kept.ts: the newest invitations left out first). Of an event's
// people only what decides whether she is going is noted, never kept (invitation.ts): an
// invitation she has not answered or has declined is not busy, and is not kept at all.

/** Properties of an event that decide whether, and when, it is busy. */
const EVENT_PROPERTIES = new Set([
  'UID',
  'DTSTART',
  'DTEND',
  'DURATION',
  'RRULE',
  'RDATE',
  'EXDATE',
  'RECURRENCE-ID',
  'TRANSP',
  'STATUS',
  'X-MICROSOFT-CDO-BUSYSTATUS',
]);

/** One VCALENDAR of the feed, as kept. */
export interface SievedCalendar {
  timezones: string[];
  events: KeptEvent[];
  freeBusy: string[];
}

export interface Sieved {
  calendars: SievedCalendar[];
  /** Events dropped as they were read (they end before the window or start after it). */
  dropped: number;
  /** Events left out because they keep more than a read allows (bounds.ts: eventDates, readDates, lineChars, keptChars). */
  skipped: LeftOut[];
  /** Invitations she has not accepted (or has declined): not busy. */
  unanswered: number;
  /** Where her address came from: BOOKING_CALENDAR_OWNER ('set'), the feed's X-WR-CALNAME ('feed'), nowhere (null: every invitation is busy). */
  owner: 'set' | 'feed' | null;
}

/** Takes a one-off event of a calendar as it is read (busy.ts); false: it is kept with the rest. */
export type OneOffTaker = (event: KeptEvent, calendar: SievedCalendar) => boolean;

/** A component being read: its name, and its kept lines (null: dropped whole). */
interface Open {
  name: string;
  lines: string[] | null;
  /** What it keeps, in characters. */
  size: number;
  /** It kept more than one event may, lineChars (an event so is left out; only its UID is kept further). */
  overlong?: boolean;
  /** An event's people, CREATED and place in the feed, as read. */
  notes?: EventNotes;
}

/** What an event's lines tell of its people and age, read but never kept in its text (invitation.ts). */
const NOTED = new Set(['ORGANIZER', 'ATTENDEE', 'CREATED']);

/** Reads a feed's bytes as they come (`push`), and hands over what it kept (`end`). Throws FeedError. */
export class FeedSieve {
  private readonly lines: FeedLines;
  private stack: Open[] = [];
  private calendars: SievedCalendar[] = [];
  private dropped = 0;
  private skipped: LeftOut[] = [];
  private readonly kept: KeptEvents<SievedCalendar>;
  private unanswered = 0;
  private order = 0;
  /** Her addresses: BOOKING_CALENDAR_OWNER's, or else the calendar being read names her (X-WR-CALNAME). */
  private readonly set: ReadonlySet<string>;
  private named: ReadonlySet<string> = new Set();
  private ownerFrom: Sieved['owner'];
  private sawComponent = false;

  constructor(
    private readonly window: { from: number; to: number },
    charset: string | null,
    private readonly bounds: Pick<FeedBounds, 'lineChars' | 'eventDates' | 'readDates' | 'keptChars'>,
    private readonly oneOff: OneOffTaker,
    owner: readonly string[] = [],
  ) {
    this.set = new Set(owner);
    this.ownerFrom = owner.length ? 'set' : null;
    this.kept = new KeptEvents(bounds);
    this.lines = new FeedLines(
      charset,
      { line: (line) => this.content(line), dropped: (start) => this.notKept(start), tooLong: () => this.tooLong() },
      bounds.lineChars,
    );
  }

  push(bytes: Uint8Array): void {
    this.lines.push(bytes);
  }

  end(): Sieved {
    this.lines.end();
    if (this.stack.length > 0) throw new FeedError('not an iCalendar feed (cannot be parsed)');
    if (!this.sawComponent) throw new FeedError('not an iCalendar feed (empty)');
    for (const { event, at } of this.kept.all()) at.events.push(event);
    return {
      calendars: this.calendars,
      dropped: this.dropped,
      skipped: joinedLeftOut(this.skipped, this.kept.left),
      unanswered: this.unanswered,
      owner: this.ownerFrom,
    };
  }

  /** Her addresses, for the calendar being read. */
  private owner(): ReadonlySet<string> {
    return this.set.size ? this.set : this.named;
  }

  /** A line it keeps was longer than a read keeps: its component is left out. */
  private tooLong() {
    const top = this.stack[this.stack.length - 1];
    if (top) this.leaveOut(top);
  }

  /** A component that keeps more than lineChars: an event is left out (its UID kept to name it), anything else refuses the feed. */
  private leaveOut(open: Open) {
    if (open.name !== 'VEVENT' || !open.lines)
      throw new FeedError(`not an iCalendar feed (a line longer than ${this.bounds.lineChars / 1024} kB)`);
    open.overlong = true;
    open.lines = open.lines.filter((line, i) => i === 0 || /^UID[;:]/i.test(line));
  }

  /** Whether a line that starts so is one that is not kept (false when its name is not all there yet). */
  private notKept(start: string): boolean {
    const end = start.search(/[;:]/);
    if (end < 0) return false;
    const name = start.slice(0, end).toUpperCase();
    return name !== 'BEGIN' && name !== 'END' && !this.keeps(name) && !this.notes(name);
  }

  /** Whether the component being read notes a property of this name without keeping it. */
  private notes(name: string): boolean {
    if (!NOTED.has(name) && name !== 'X-WR-CALNAME') return false;
    const top = this.stack[this.stack.length - 1];
    if (top?.name === 'VCALENDAR') return name === 'X-WR-CALNAME';
    return Boolean(top?.notes) && NOTED.has(name);
  }

  /** Notes what a line says of whose calendar it is, or of an event's people and age. */
  private note(top: Open, name: string, line: string) {
    if (top.name === 'VCALENDAR') {
      const named = ownerOfName(valueOfLine(line));
      if (!named) return;
      this.named = new Set([named]);
      this.ownerFrom ??= 'feed';
      return;
    }
    const notes = top.notes as EventNotes;
    if (name === 'CREATED') notes.created = line;
    else if (name === 'ORGANIZER') notes.organizer = addressOf(valueOfLine(line));
    else {
      const address = addressOf(valueOfLine(line));
      if (address && this.owner().has(address)) notes.answers.push(parameterOf(line, 'PARTSTAT') ?? '');
    }
  }

  /** Whether the component being read keeps a property of this name. */
  private keeps(name: string): boolean {
    const top = this.stack[this.stack.length - 1];
    if (!top?.lines) return false;
    if (top.name === 'VTIMEZONE' || this.inTimezone()) return true;
    if (top.name === 'VEVENT') return EVENT_PROPERTIES.has(name);
    return top.name === 'VFREEBUSY' && name === 'FREEBUSY';
  }

  /** One content line, unfolded. */
  private content(line: string) {
    if (!line) return;
    const colon = line.indexOf(':');
    const semicolon = line.indexOf(';');
    if (colon < 0 && semicolon < 0) throw new FeedError('not an iCalendar feed (cannot be parsed)');
    const nameEnd = semicolon >= 0 && (colon < 0 || semicolon < colon) ? semicolon : colon;
    const name = line.slice(0, nameEnd).toUpperCase();
    const top = this.stack[this.stack.length - 1];
    if (name === 'BEGIN') {
      this.begin(
        line
          .slice(colon + 1)
          .trim()
          .toUpperCase(),
        line,
        top,
      );
      return;
    }
    if (name === 'END') {
      this.end_(
        line
          .slice(colon + 1)
          .trim()
          .toUpperCase(),
        line,
      );
      return;
    }
    if (!top) throw new FeedError('not an iCalendar feed (cannot be parsed)');
    if (this.notes(name)) return this.note(top, name, line);
    if (!top.lines || !this.keeps(name) || (top.overlong && name !== 'UID')) return;
    top.lines.push(line);
    top.size += line.length;
    if (top.name === 'VEVENT' && !top.overlong && top.size > this.bounds.lineChars) this.leaveOut(top);
  }

  private inTimezone() {
    return this.stack.some((c) => c.name === 'VTIMEZONE');
  }

  private begin(component: string, line: string, top: Open | undefined) {
    if (!top) {
      if (component !== 'VCALENDAR')
        throw new FeedError(`not an iCalendar feed (a ${component} instead of a VCALENDAR)`);
      this.sawComponent = true;
      this.named = new Set();
      this.calendars.push({ timezones: [], events: [], freeBusy: [] });
      this.stack.push({ name: component, lines: null, size: 0 });
      return;
    }
    const inCalendar = top.name === 'VCALENDAR';
    let lines: string[] | null = null;
    if (this.inTimezone() && top.lines) {
      // STANDARD and DAYLIGHT: part of their VTIMEZONE.
      top.lines.push(line);
      lines = top.lines;
    } else if (inCalendar && (component === 'VEVENT' || component === 'VTIMEZONE' || component === 'VFREEBUSY'))
      lines = [line];
    const notes =
      inCalendar && component === 'VEVENT'
        ? { organizer: null, answers: [], created: null, order: this.order++ }
        : undefined;
    this.stack.push({ name: component, lines, size: 0, ...(notes ? { notes } : {}) });
  }

  private end_(component: string, line: string) {
    const open = this.stack.pop();
    if (!open) throw new FeedError('not an iCalendar feed (cannot be parsed)');
    const calendar = this.calendars[this.calendars.length - 1] as SievedCalendar;
    const parent = this.stack[this.stack.length - 1];
    if (!open.lines) return;
    open.lines.push(line);
    if (parent && parent.lines === open.lines) return;
    if (component === 'VTIMEZONE') calendar.timezones.push(open.lines.join('\r\n'));
    else if (component === 'VFREEBUSY') calendar.freeBusy.push(open.lines.join('\r\n'));
    else if (component === 'VEVENT') this.endEvent(open, open.lines, calendar);
  }

  /**
   * An event read whole: dropped (outside the window, or an invitation she is not going to),
   * left out (over a bound), taken as busy time at once (a one-off), or kept for the end. An
   * occurrence of a series she is not going to is kept as free (TRANSP:TRANSPARENT): it takes
   * that occurrence out of its series.
   */
  private endEvent(open: Open, read: string[], calendar: SievedCalendar) {
    const notes = open.notes as EventNotes;
    const hers = going(notes);
    const lines = hers
      ? read
      : [
          ...read.slice(0, -1).filter((l) => !/^TRANSP[;:]/i.test(l)),
          'TRANSP:TRANSPARENT',
          read[read.length - 1] as string,
        ];
    const event = keptEvent(lines, this.window, notes, invited(notes, this.owner()));
    const oneOff = !event.override && !event.recurring;
    if (oneOff && !touches(event.span, this.window)) this.dropped++;
    else if (!hers && !event.override) this.unanswered++;
    else if (open.overlong) leaveOut(this.skipped, shownUid(event.uid), 'text');
    else if (event.dates > this.bounds.eventDates) leaveOut(this.skipped, shownUid(event.uid), 'dates');
    else if (!oneOff || !this.oneOff(event, calendar)) {
      event.created = createdAt(notes.created);
      this.kept.add(event, calendar);
    }
  }
}
