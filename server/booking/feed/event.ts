import { DAY_MS } from '../../../views/days';
import type { People } from './invitation';

// What the sieve (sieve.ts) reads of a kept event without ical.js: its UID, whether it
// overrides or repeats, and its dates as UTC days, so that a one-off event outside the window is
// dropped as it is read, an override is kept only near its series's window, and of a series's
// RDATE and EXDATE lists only the dates that may reach into the window are kept (ical.js makes an
// object of each: a list of years of dates would cost the read megabytes for nothing).

/**
 * Slack for reading an event's dates as UTC days without their zones: no zone is more than a day
 * from UTC, an all-day event lasts its day, and expansion (expansion.ts) keeps two days' margin itself.
 */
const SLACK = 4 * DAY_MS;

/** A VEVENT as kept: its lines, and what the sieve read of its dates. */
export interface KeptEvent {
  text: string;
  uid: string;
  /** A RECURRENCE-ID: one occurrence of a series, moved, changed or cancelled. */
  override: boolean;
  /** RANGE=THISANDFUTURE: changes every later occurrence too. */
  modifiesFuture: boolean;
  recurring: boolean;
  /** Its own span as UTC days (ms), widened by the slack; null when it cannot be told here (ical.js will say). */
  span: { start: number; end: number } | null;
  /** The occurrence a RECURRENCE-ID replaces, as a UTC day (ms); null when it cannot be told here. */
  replaces: number | null;
  /** How long the event lasts (ms, at most), for a series's occurrences; null when unknown. */
  lengthMs: number | null;
  /** How many RDATE and EXDATE dates it keeps (those that may reach into the window). */
  dates: number;
  /** Repeats more often than daily (FREQ=SECONDLY, MINUTELY, HOURLY): expanded last. */
  subDaily: boolean;
  /** Someone else's invitation (invitation.ts): left out before her own events when a read must leave some out. */
  invitation: boolean;
  /** When it came into her calendar (CREATED, ms; none: as new as can be), and its place in the feed: the newest are left out first. */
  created: number;
  order: number;
  /** What keeping it until the feed is in costs (characters of text, and its own object): bounds.ts keptChars. */
  cost: number;
}

/** What the sieve read of an event besides its kept lines: its people, when it was created, its place in the feed. */
export interface EventNotes extends People {
  created: string | null;
  order: number;
}

/** What one kept event costs besides its text (characters): its object, its UID, its place in the lists. */
const EVENT_COST = 256;

/** An event's UID as a log may show it: printable, short. */
export function shownUid(uid: string): string {
  return (uid || '(no UID)').replace(/[^\x20-\x7e]/g, '?').slice(0, 120);
}

/** Whether a span (null: unknown) may reach into the window. */
export function touches(span: { start: number; end: number } | null, window: { from: number; to: number }): boolean {
  return !span || (span.end > window.from && span.start < window.to);
}

/** An event's kept lines (BEGIN to END), and what they tell of its dates, for a read of `window`. */
export function keptEvent(
  lines: string[],
  window: { from: number; to: number },
  notes: EventNotes = { organizer: null, answers: [], created: null, order: 0 },
  invitation = false,
): KeptEvent {
  const props = new Map<string, string[]>();
  for (const line of lines.slice(1, -1)) {
    const name = propertyName(line);
    props.set(name, [...(props.get(name) ?? []), line]);
  }
  const first = (name: string) => props.get(name)?.[0];
  const start = dayOf(first('DTSTART'));
  const end = dayOf(first('DTEND'));
  const duration = durationMs(first('DURATION'));
  const lengthMs =
    start === null
      ? null
      : first('DTEND')
        ? end === null
          ? null
          : Math.max(0, end - start) + DAY_MS
        : first('DURATION')
          ? duration
          : DAY_MS;
  const recurrenceId = first('RECURRENCE-ID');
  const { kept, dates } = datesInWindow(lines, lengthMs, window);
  const text = kept.join('\r\n');
  return {
    text,
    uid: flat(valueOfLine(first('UID') ?? '')),
    override: recurrenceId !== undefined,
    modifiesFuture: Boolean(recurrenceId && /;RANGE=THISANDFUTURE[;:]/i.test(recurrenceId)),
    recurring: props.has('RRULE') || props.has('RDATE'),
    span: start === null || lengthMs === null ? null : { start: start - SLACK, end: start + lengthMs + SLACK },
    replaces: recurrenceId ? dayOf(recurrenceId) : null,
    lengthMs,
    dates,
    subDaily: (props.get('RRULE') ?? []).some((rule) => /FREQ=(SECONDLY|MINUTELY|HOURLY)/i.test(rule)),
    invitation,
    // Read only for an event that is kept (createdAt): most are made busy time, or dropped, at once.
    created: Number.POSITIVE_INFINITY,
    order: notes.order,
    cost: text.length + EVENT_COST,
  };
}

/**
 * The lines with each RDATE and EXDATE list cut to the dates whose occurrence may reach into the
 * window (a list left empty goes), and how many dates are kept. A date that cannot be read here,
 * a period, or an event whose length cannot be read keeps its dates: ical.js will say.
 */
function datesInWindow(lines: string[], lengthMs: number | null, window: { from: number; to: number }) {
  let dates = 0;
  const kept: string[] = [];
  for (const line of lines) {
    const name = propertyName(line);
    if (name !== 'RDATE' && name !== 'EXDATE') {
      kept.push(line);
      continue;
    }
    const value = valueOfLine(line);
    const values = value.split(',').filter((date) => {
      // A period (start/end or start/duration) lasts its own length: kept.
      if (date.includes('/')) return true;
      const day = dayOfValue(date);
      return day === null || lengthMs === null || touches({ start: day - SLACK, end: day + lengthMs + SLACK }, window);
    });
    dates += values.length;
    if (values.length) kept.push(`${line.slice(0, line.length - value.length)}${values.join(',')}`);
  }
  return { kept, dates };
}

/**
 * A copy of a short string that holds nothing else: a slice of a line would keep the whole piece
 * of the feed it was read from in memory for as long as the event is kept.
 */
function flat(text: string): string {
  return Buffer.from(text, 'utf8').toString('utf8');
}

function propertyName(line: string): string {
  const m = /^[^;:]*/.exec(line);
  return (m?.[0] ?? '').toUpperCase();
}

/** When an event came into her calendar (its CREATED line, ms); none or unreadable: as new as can be. */
export function createdAt(line: string | null): number {
  return (line === null ? null : dayOfValue(valueOfLine(line), true)) ?? Number.POSITIVE_INFINITY;
}

/** A property's value: after the first colon outside quotes. */
export function valueOfLine(line: string): string {
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    if (line[i] === '"') quoted = !quoted;
    else if (line[i] === ':' && !quoted) return line.slice(i + 1);
  }
  return '';
}

/** The UTC day (ms) of a line's DATE or DATE-TIME value, its zone aside; null when it is not one. */
function dayOf(line: string | undefined): number | null {
  return line ? dayOfValue(valueOfLine(line)) : null;
}

/** The UTC day (ms) of a DATE or DATE-TIME, its zone aside (`exact`: with its time of day); null when it is not one. */
function dayOfValue(value: string, exact = false): number | null {
  const m = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})Z?)?$/.exec(value.trim());
  if (!m) return null;
  const time = exact ? [Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0)] : [0, 0, 0];
  const day = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), ...time);
  return Number.isNaN(day) ? null : day;
}

/** A DURATION's length (ms, a negative one as none), or null when it cannot be read here. */
function durationMs(line: string | undefined): number | null {
  if (!line) return null;
  const m = /^([+-])?P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/.exec(valueOfLine(line).trim());
  if (!m) return null;
  if (m[1] === '-') return 0;
  const n = (i: number) => Number(m[i] ?? 0);
  return (n(2) * 7 + n(3) + 1) * DAY_MS + (n(4) * 3600 + n(5) * 60 + n(6)) * 1000;
}
