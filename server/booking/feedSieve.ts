import { FeedError } from './feedError';
import { decoderFor } from './feedText';
import { keptEvent, shownUid, touches, type KeptEvent } from './feedEvent';

// A feed read as it comes, line by line, keeping only what decides busy times: so that a
// practice's years of history never stand in memory at once, as text or as a tree. Lines end with
// CRLF, LF or CR alone; folded lines (a space or tab first) are joined as RFC 5545 says, as
// ical.js joins them. What is kept, per calendar (a feed may join several):
// - VTIMEZONE definitions, whole;
// - of each VEVENT, only UID, DTSTART, DTEND, DURATION, RRULE, RDATE, EXDATE, RECURRENCE-ID,
//   TRANSP, STATUS and Outlook's X-MICROSOFT-CDO-BUSYSTATUS (never a title, a description, a place,
//   an attendee or an alarm); an event with no recurrence that ends before the window, or starts
//   after it, is dropped as soon as it is read;
// - of each VFREEBUSY, its FREEBUSY periods.
// Everything else (to-dos, journal entries, the calendar's own properties) is dropped. What is
// kept is the text ical.js then reads (feed.ts), one small component at a time; what the sieve
// reads of a kept event's dates is feedEvent.ts's.

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
  /** Events left out because they list more dates in the window than a read keeps (UIDs). */
  skipped: string[];
}

/**
 * The RDATE and EXDATE dates in the window one event, and one read, may keep: each costs ical.js
 * about a kilobyte of the read's heap (feedReader.ts), and no practice's series lists more than a
 * few in seven weeks (an hourly one would list about 1,300). An event over either bound is left
 * out and named, rather than the read failing for want of memory.
 */
const EVENT_DATES = 1_500;
const READ_DATES = 10_000;

/** A component being read: its name, and its kept lines (null: dropped whole). */
interface Open {
  name: string;
  lines: string[] | null;
  /** What it keeps, in characters. */
  size: number;
  /** It kept more than one event may (an event so is left out; only its UID is kept further). */
  overlong?: boolean;
}

/**
 * The most one event keeps, and so the longest line read (characters): some twenty times a list
 * of every hour of six years (RDATE), which the read then cuts to the weeks ahead; more is an
 * attachment or an attack, and would take the read's heap (feedReader.ts).
 */
const MAX_LINE = 1024 * 1024;

/** Reads a feed's bytes as they come (`push`), and hands over what it kept (`end`). Throws FeedError. */
export class FeedSieve {
  private decoder: TextDecoder | null = null;
  private head: Uint8Array[] = [];
  private headBytes = 0;
  private pending = '';
  /** Line ends of CR alone (old Mac tools): told by the first line end. */
  private crOnly: boolean | null = null;
  private line: string | null = null;
  /**
   * The line being read is one that is not kept: its continuations are not joined (an inline
   * attachment may be megabytes). null: not told yet, which its first continuation does (most
   * lines have none).
   */
  private skipping: boolean | null = null;
  /** Inside a physical line longer than MAX_LINE: what comes until its end is dropped. */
  private discarding = false;
  /** The next physical line is the (empty) rest of one dropped so. */
  private tail = false;
  private stack: Open[] = [];
  private calendars: SievedCalendar[] = [];
  private dropped = 0;
  private skipped: string[] = [];
  /** The RDATE and EXDATE dates kept so far. */
  private dates = 0;
  private sawComponent = false;

  constructor(
    private readonly window: { from: number; to: number },
    private readonly charset: string | null,
  ) {}

  push(bytes: Uint8Array): void {
    if (!this.decoder) {
      // The first bytes tell the encoding (a byte-order mark).
      this.head.push(bytes);
      this.headBytes += bytes.byteLength;
      if (this.headBytes < 4) return;
      this.startDecoding();
      return;
    }
    this.text(this.decoder.decode(bytes, { stream: true }));
  }

  end(): Sieved {
    if (!this.decoder) this.startDecoding();
    this.text((this.decoder as TextDecoder).decode());
    if (this.pending) this.split(`${this.pending}\n`, true);
    this.pending = '';
    if (this.line !== null) this.content(this.line.trim());
    this.line = null;
    if (this.stack.length > 0) throw new FeedError('not an iCalendar feed (cannot be parsed)');
    if (!this.sawComponent) throw new FeedError('not an iCalendar feed (empty)');
    return { calendars: this.calendars, dropped: this.dropped, skipped: this.skipped };
  }

  private startDecoding() {
    const head = Buffer.concat(this.head);
    this.head = [];
    this.decoder = decoderFor(head, this.charset);
    this.text(this.decoder.decode(head, { stream: true }));
  }

  private text(piece: string) {
    if (!piece) return;
    let text = this.pending + piece;
    if (this.discarding) {
      const end = text.search(/[\r\n]/);
      this.pending = '';
      if (end < 0) return;
      this.discarding = false;
      // What follows begins with the line's end: the empty rest of the line dropped.
      this.tail = true;
      text = text.slice(end);
    }
    // A CR at the very end may be the first half of a CRLF: wait for what follows.
    const cut = text.endsWith('\r') ? text.length - 1 : text.length;
    this.pending = text.slice(cut);
    this.split(text.slice(0, cut), false);
    if (this.pending.length > MAX_LINE) {
      this.overlong(this.pending);
      this.pending = '';
      this.discarding = true;
    }
  }

  /**
   * A line (starting so) longer than a read keeps: it is dropped with its continuations; if it is
   * one a read keeps, its event is left out (named by UID at its end), and anywhere else the feed
   * is refused.
   */
  private overlong(start: string) {
    const continuation = start[0] === ' ' || start[0] === '\t';
    const kept = continuation ? !this.skippingLine() : !this.notKept(start);
    if (!continuation && this.line) this.content(this.line);
    this.line = '';
    this.skipping = true;
    const top = this.stack[this.stack.length - 1];
    if (kept && top) this.leaveOut(top);
  }

  /** A component that keeps more than MAX_LINE: an event is left out (its UID kept to name it), anything else refuses the feed. */
  private leaveOut(open: Open) {
    if (open.name !== 'VEVENT' || !open.lines)
      throw new FeedError(`not an iCalendar feed (a line longer than ${MAX_LINE / 1024} kB)`);
    open.overlong = true;
    open.lines = open.lines.filter((line, i) => i === 0 || /^UID[;:]/i.test(line));
  }

  /** Hands every complete physical line of `text` on; keeps the unfinished last one. */
  private split(text: string, last: boolean) {
    if (this.crOnly === null) {
      const lf = text.indexOf('\n');
      const cr = text.indexOf('\r');
      if (cr >= 0 && (lf < 0 || cr < lf) && text[cr + 1] !== '\n') this.crOnly = lf < 0;
      else if (lf >= 0) this.crOnly = false;
    }
    const end = this.crOnly ? '\r' : '\n';
    let pos = 0;
    for (;;) {
      const next = text.indexOf(end, pos);
      if (next < 0) break;
      let physical = text.slice(pos, next);
      if (!this.crOnly && physical.endsWith('\r')) physical = physical.slice(0, -1);
      this.physical(physical);
      pos = next + 1;
    }
    const rest = text.slice(pos);
    if (last) {
      if (rest) this.physical(rest);
    } else this.pending = rest + this.pending;
  }

  /** A physical line: a continuation of the one before, or the start of the next (ical.js's reading). */
  private physical(physical: string) {
    if (this.tail) {
      this.tail = false;
      return;
    }
    if (this.line === null) {
      // Leading blanks before the first line are skipped.
      const start = physical.search(/[^ \t]/);
      if (start < 0) return;
      this.line = physical.slice(start);
      return;
    }
    const first = physical[0];
    if (first === ' ' || first === '\t') {
      if (this.skippingLine()) return;
      this.line += physical.slice(1);
      if (this.line.length > MAX_LINE) this.overlong(physical);
      return;
    }
    if (this.line) this.content(this.line);
    this.line = physical;
    this.skipping = null;
  }

  private skippingLine(): boolean {
    this.skipping ??= this.notKept(this.line ?? '');
    return this.skipping;
  }

  /** Whether a line that starts so is one that is not kept (false when its name is not all there yet). */
  private notKept(start: string): boolean {
    const end = start.search(/[;:]/);
    if (end < 0) return false;
    const name = start.slice(0, end).toUpperCase();
    return name !== 'BEGIN' && name !== 'END' && !this.keeps(name);
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
    if (!top.lines || !this.keeps(name) || (top.overlong && name !== 'UID')) return;
    top.lines.push(line);
    top.size += line.length;
    if (top.name === 'VEVENT' && !top.overlong && top.size > MAX_LINE) this.leaveOut(top);
  }

  private inTimezone() {
    return this.stack.some((c) => c.name === 'VTIMEZONE');
  }

  private begin(component: string, line: string, top: Open | undefined) {
    if (!top) {
      if (component !== 'VCALENDAR')
        throw new FeedError(`not an iCalendar feed (a ${component} instead of a VCALENDAR)`);
      this.sawComponent = true;
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
    this.stack.push({ name: component, lines, size: 0 });
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
    else if (component === 'VEVENT') {
      const event = keptEvent(open.lines, this.window);
      if (!event.override && !event.recurring && !touches(event.span, this.window)) this.dropped++;
      else if (open.overlong || event.dates > EVENT_DATES || this.dates + event.dates > READ_DATES)
        this.skipped.push(shownUid(event.uid));
      else {
        this.dates += event.dates;
        calendar.events.push(event);
      }
    }
  }
}
