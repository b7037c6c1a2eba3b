import type { Logger } from 'pino';
import { bookableServices, bookingRules, type BookableService, type BookingRules } from '../../content/booking';
import type { BookingConfig } from '../process/config';
import {
  FEED_BOUNDS,
  FeedError,
  readFeed,
  sourceHost,
  type FeedOwner,
  type FeedRequest,
  type FeedResult,
  type LeftOut,
  type OwnEvent,
  type Validators,
} from './feed';
import { checkRules, computeFreeTimes, isFreeStart, type BusyIndex } from './freeTimes';
import { type HeldSpan, type Interval, mergeSpans, type Slot } from './interval';
import { calendarLog } from './calendarLog';
import { addLocalDays } from './localTime';
import { DAY_MS, MINUTE_MS } from '../../views/days';

// The practitioner's calendar as the booking pages and endpoint see it: free starts per service,
// from the booking rules in content/booking.ts minus what the feed (BOOKING_CALENDAR_URL) says is
// busy. The feed is read in the background, never on a visitor's request, and parsed on a thread
// of its own (feed/): the server keeps only the busy times of the weeks ahead. What the
// reads say in the log is calendarLog.ts's.

export type CalendarState =
  | { state: 'loading' } // not read yet: no free times offered
  | { state: 'fresh'; readAt: Date; busyBlocks: number }
  | { state: 'stale'; readAt: Date; busyBlocks: number; error: string } // last good copy, within its limit
  | { state: 'unavailable'; readAt: Date | null; error: string }; // cannot vouch: no free times offered

export interface BookingCalendar {
  /** Reads at once, then refreshes in the background (never on a visitor's request). */
  start(): void;
  stop(): void;
  state(): CalendarState;
  /** The feed's host only (never the secret address), for logs and /healthz. */
  host(): string;
  /** When the feed was last asked (whatever it answered), and when its content last changed (it was read in full); null: not yet. */
  reads(): { askedAt: Date | null; changedAt: Date | null };
  /** What the copy in use made of invitations: where her address came from, how many she is not going to, how many events were left out; null: no copy. */
  invitations(): { owner: 'set' | 'feed' | 'unknown'; unanswered: number; leftOut: number } | null;
  /** Resolves when the first read has finished (success or failure); for start-up and tests. */
  ready(): Promise<void>;
  /**
   * Free starts for a service from `now` to the horizon, soonest first; null when the calendar
   * cannot be vouched for. `alsoBusy`: held times etc., treated like busy blocks (with buffer);
   * a freed one (HeldSpan) takes the feed's busy time of exactly it out instead. `except`: the UID
   * of an event the site wrote into her calendar (server/booking/herCalendar/) that does not
   * count: a moved booking's own.
   */
  freeTimes(service: BookableService, now: Date, alsoBusy?: readonly HeldSpan[], except?: string): Slot[] | null;
  /** Whether exactly this start is offered now for this service (same rules, `except` as there). null: cannot vouch. */
  isFree(
    service: BookableService,
    start: Date,
    now: Date,
    alsoBusy?: readonly HeldSpan[],
    except?: string,
  ): boolean | null;
  /**
   * Whether the feed shows `time` busy (overlapping, no buffer), other than by a busy time of exactly
   * `time` (the request's own event, booking.ics, once she put it in her calendar) or by the event
   * the site wrote with UID `except` (a moved booking's own). null: cannot vouch.
   */
  busyDuring(time: Interval, now: Date, except?: string): boolean | null;
}

/** The calendar with what tests and the operator's tools need beyond the seam. */
export interface FeedCalendar extends BookingCalendar {
  /** Reads the feed now (what the timer does); resolves when done, success or failure. */
  refresh(): Promise<void>;
}

export interface CalendarOptions {
  /** The clock that says how old the copy is (tests set it). */
  clock?: () => Date;
  rules?: BookingRules;
  /** One read of the feed (default: the configured address or file, on a thread of its own, feed/); `stopped`: aborted when the calendar stops. */
  read?: (request: FeedRequest, stopped: AbortSignal) => Promise<FeedResult>;
  /** The UIDs of the events the site writes into her calendar (server/booking/herCalendar/): told apart in the feed. */
  ownUids?: RegExp;
}

/** The last good read: its busy times over a window from the day before it to the horizon and a week more. */
interface Copy {
  /** When the feed last gave this copy or said it had not changed (how old the copy is). */
  readAt: Date;
  /** When the feed was last read in full and parsed: the content as it has been since. */
  changedAt: Date;
  window: { from: number; to: number };
  /** Every busy time, the site's own events included. */
  busy: BusyIndex;
  /** The busy times besides the site's own events, and those events (by UID). */
  others: BusyIndex;
  own: OwnEvent[];
  /** The provider's ETag and Last-Modified for it, to ask politely next time. */
  validators: Validators;
  /** Events the read left out (UIDs, and why). */
  skipped: LeftOut[];
  /** Invitations she has not accepted or has declined (not busy), and where her address came from. */
  unanswered: number;
  owner: FeedOwner;
}

/**
 * How long a parsed copy's busy times reach (past the horizon it was read for): for about this
 * long, a provider's "not modified" keeps the copy; then the feed is read in full again.
 */
const KEEP_DAYS = 7;

/** What a question at `now` needs: the horizon, and a day either side for buffers at its edges. */
function neededAt(rules: BookingRules, now: number) {
  return { from: now - DAY_MS, to: addLocalDays(now, rules.horizonDays, rules.timeZone) + DAY_MS };
}

/** What a read expands: enough for every question over the next KEEP_DAYS days. */
function windowAt(rules: BookingRules, now: number) {
  return { from: neededAt(rules, now).from - DAY_MS, to: neededAt(rules, now + KEEP_DAYS * DAY_MS).to };
}

/** The copy's busy times for a question at `now`; null if the copy does not reach that far. */
function busyFor(rules: BookingRules, c: Copy, now: number): BusyIndex | null {
  const needed = neededAt(rules, now);
  return needed.from >= c.window.from && needed.to <= c.window.to ? c.busy : null;
}

function blocksInHorizon(rules: BookingRules, c: Copy, now: number): number {
  const end = addLocalDays(now, rules.horizonDays, rules.timeZone);
  const busy = busyFor(rules, c, now);
  if (!busy) return 0;
  let n = 0;
  for (let i = 0; i < busy.starts.length; i++)
    if ((busy.ends[i] as number) > now && (busy.starts[i] as number) < end) n++;
  return n;
}

/** How the calendar stands: its copy (if any), how old, the last read's error. */
function stateOf(
  rules: BookingRules,
  staleLimitMinutes: number,
  at: { copy: Copy | null; attempts: number; lastError: string | null; now: number },
): CalendarState {
  const { copy, attempts, lastError, now } = at;
  if (!copy)
    return attempts === 0
      ? { state: 'loading' }
      : { state: 'unavailable', readAt: null, error: lastError ?? 'not read' };
  if (now - copy.readAt.getTime() > staleLimitMinutes * MINUTE_MS) {
    return {
      state: 'unavailable',
      readAt: copy.readAt,
      error: `${lastError ?? 'not read again'}; the last good copy is older than ${staleLimitMinutes} min`,
    };
  }
  const busyBlocks = blocksInHorizon(rules, copy, now);
  return lastError === null
    ? { state: 'fresh', readAt: copy.readAt, busyBlocks }
    : { state: 'stale', readAt: copy.readAt, busyBlocks, error: lastError };
}

/** The next copy: the same busy times if the provider says nothing changed, else the feed parsed anew. */
async function nextCopy(
  copy: Copy | null,
  started: Date,
  read: (request: FeedRequest) => Promise<FeedResult>,
  config: BookingConfig,
  rules: BookingRules,
  ownUids: RegExp | undefined,
): Promise<Copy> {
  const now = started.getTime();
  // Politely only while the copy's busy times reach past the next read and its stale limit; then in full again.
  const reach = now + config.refreshSeconds * 1000 + config.staleLimitMinutes * MINUTE_MS;
  const previous = copy && busyFor(rules, copy, reach) ? copy : null;
  const window = windowAt(rules, now);
  const result = await read({
    validators: previous?.validators ?? null,
    window,
    ...(ownUids ? { ownUids: ownUids.source } : {}),
  });
  if (result.kind === 'not-modified') {
    if (!previous) throw new FeedError('the feed answered 304 Not Modified to a request that was not conditional');
    return { ...previous, readAt: started };
  }
  const { busy: others, validators, skipped, own = [], unanswered, owner } = result;
  const busy = withOwn(others, own);
  return { readAt: started, changedAt: started, window, busy, others, own, validators, skipped, unanswered, owner };
}

/** The busy times with the site's own events among them (`except`'s left out). */
function withOwn(others: BusyIndex, own: readonly OwnEvent[], except?: string): BusyIndex {
  const kept = own.filter((e) => e.uid !== except);
  if (kept.length === 0) return others;
  return mergeSpans([...others.starts, ...kept.map((e) => e.start)], [...others.ends, ...kept.map((e) => e.end)]);
}

/** A good read taken: its left-out events told if new, each service's grid worked out, the read logged. */
function settle(
  next: Copy,
  previous: Copy | null,
  read: {
    rules: BookingRules;
    logs: ReturnType<typeof calendarLog>;
    started: Date;
    clock: () => Date;
    recovered: boolean;
  },
) {
  const { rules, logs, started } = read;
  if (next.skipped.length > 0 && JSON.stringify(next.skipped) !== JSON.stringify(previous?.skipped))
    logs.skipped(next.skipped);
  // Work out each service's wall-clock grid now, so that no visitor's request pays for it.
  for (const service of bookableServices) computeFreeTimes(rules, service, started, next.busy);
  // How long the read took, and whether the feed had changed (or the provider said it had not).
  const took = { ms: read.clock().getTime() - started.getTime(), changed: next.changedAt === started };
  logs.read(blocksInHorizon(rules, next, started.getTime()), took, read.recovered, next.owner);
}

export function createBookingCalendar(config: BookingConfig, log: Logger, options: CalendarOptions = {}): FeedCalendar {
  const { clock = () => new Date(), rules = bookingRules } = options;
  const read = options.read ?? ((request, stopped) => readFeed(config, request, FEED_BOUNDS, { stopped }));
  // Stopping ends a read under way (its thread with it).
  let stopping = new AbortController();
  const problems = checkRules(rules);
  if (problems.length) throw new Error(`content/booking.ts: ${problems.join('; ')}`);
  const host = sourceHost(config.source);
  const logs = calendarLog(log, host, rules.horizonDays, config.staleLimitMinutes);

  let copy: Copy | null = null;
  /** When the feed was last asked, whatever it answered. */
  let askedAt: Date | null = null;
  let lastError: string | null = null;
  let attempts = 0;
  let reading: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let resolveReady!: () => void;
  const firstRead = new Promise<void>((resolve) => (resolveReady = resolve));

  const state = () => stateOf(rules, config.staleLimitMinutes, { copy, attempts, lastError, now: clock().getTime() });

  async function readOnce() {
    const started = clock();
    askedAt = started;
    try {
      const read1 = (request: FeedRequest) => read(request, stopping.signal);
      const next = await nextCopy(copy, started, read1, config, rules, options.ownUids);
      settle(next, copy, { rules, logs, started, clock, recovered: lastError !== null && copy !== null });
      copy = next;
      lastError = null;
    } catch (err) {
      // Stopped on purpose (the server is shutting down): nothing went wrong with the feed.
      if (stopping.signal.aborted) return;
      // Only our own messages: an unexpected error's text could quote the address.
      lastError = err instanceof FeedError ? err.message : 'the feed cannot be read (unexpected error)';
      const current = state();
      logs.failed(lastError, current.state, current.state === 'stale' ? current.readAt : null, clock());
    } finally {
      attempts++;
      logs.attempted();
      resolveReady();
    }
  }

  function refresh(): Promise<void> {
    // One read at a time: a slow feed is not asked again before it has answered or timed out.
    reading ??= readOnce().finally(() => (reading = null));
    return reading;
  }

  const busyAt = (now: Date, except?: string) => vouchedBusy(rules, copy, state().state, now, except);

  return {
    start() {
      if (timer) return;
      if (stopping.signal.aborted) stopping = new AbortController();
      void refresh();
      timer = setInterval(() => void refresh(), config.refreshSeconds * 1000);
      // The timer alone never keeps the process alive (the server does).
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
      stopping.abort();
    },
    state,
    host: () => host,
    reads: () => ({ askedAt, changedAt: copy?.changedAt ?? null }),
    invitations: () => invitationsOf(copy),
    ready: () => firstRead,
    refresh,
    ...answersFrom(rules, busyAt),
  };
}

/** The busy times to answer a question at `now` from (without the site's own event `except`), or null when the calendar (in `state`) cannot vouch for them. */
function vouchedBusy(
  rules: BookingRules,
  copy: Copy | null,
  state: ReturnType<FeedCalendar['state']>['state'],
  now: Date,
  except?: string,
): BusyIndex | null {
  const busy = copy && (state === 'fresh' || state === 'stale') ? busyFor(rules, copy, now.getTime()) : null;
  return busy && copy && except !== undefined ? withOwn(copy.others, copy.own, except) : busy;
}

/** What the copy (null before a good read) says of the invitations in her calendar, for /healthz. */
function invitationsOf(copy: Copy | null): ReturnType<FeedCalendar['invitations']> {
  return (
    copy && {
      owner: copy.owner ?? 'unknown',
      unanswered: copy.unanswered,
      leftOut: copy.skipped.reduce((n, s) => n + s.count, 0),
    }
  );
}

/** The calendar's answers, from the busy times it vouches for at `now` (`busyAt`, null when it cannot), `except` an own event left out. */
function answersFrom(
  rules: BookingRules,
  busyAt: (now: Date, except?: string) => BusyIndex | null,
): Pick<BookingCalendar, 'freeTimes' | 'isFree' | 'busyDuring'> {
  return {
    freeTimes(service, now, held = [], except) {
      const b = busyWith(busyAt(now, except), held);
      return b ? computeFreeTimes(rules, service, now, b.busy, b.alsoBusy) : null;
    },
    isFree(service, start, now, held = [], except) {
      const b = busyWith(busyAt(now, except), held);
      return b ? isFreeStart(rules, service, start, now, b.busy, b.alsoBusy) : null;
    },
    busyDuring(time, now, except) {
      const busy = busyAt(now, except);
      return busy ? busyBesides(busy, time.start.getTime(), time.end.getTime()) : null;
    },
  };
}

/** The feed's busy times with the held ones: less the freed sessions' own events, and the held times that are busy. */
function busyWith(busy: BusyIndex | null, held: readonly HeldSpan[]): { busy: BusyIndex; alsoBusy: Interval[] } | null {
  if (!busy) return null;
  const freed = held.filter((h) => h.freed);
  return { busy: freed.length ? withoutFreed(busy, freed) : busy, alsoBusy: held.filter((h) => !h.freed) };
}

/** The busy times less those exactly a freed session (her own event of it, once cancelled on the site). */
function withoutFreed(busy: BusyIndex, freed: readonly Interval[]): BusyIndex {
  const gone = new Set(freed.map((f) => `${f.start.getTime()} ${f.end.getTime()}`));
  const keep: number[] = [];
  for (let i = 0; i < busy.starts.length; i++) if (!gone.has(`${busy.starts[i]} ${busy.ends[i]}`)) keep.push(i);
  return {
    starts: Float64Array.from(keep, (i) => busy.starts[i] as number),
    ends: Float64Array.from(keep, (i) => busy.ends[i] as number),
  };
}

/** Whether a busy time other than exactly [start, end) overlaps it. */
function busyBesides(busy: BusyIndex, start: number, end: number): boolean {
  for (let i = 0; i < busy.starts.length; i++) {
    const [from, to] = [busy.starts[i] as number, busy.ends[i] as number];
    if (from < end && to > start && !(from === start && to === end)) return true;
  }
  return false;
}

/** The calendar's state for /healthz: no address, no event, only how the feed is doing. */
export function bookingHealth(calendar: BookingCalendar, now = new Date()) {
  const s = calendar.state();
  const readAt = 'readAt' in s && s.readAt ? s.readAt : null;
  const reads = calendar.reads();
  return {
    state: s.state,
    host: calendar.host(),
    ...(readAt
      ? { readAt: readAt.toISOString(), ageSeconds: Math.round((now.getTime() - readAt.getTime()) / 1000) }
      : {}),
    // When its content last changed (it was last read in full), and when it was last asked at all.
    ...(reads.changedAt ? { changedAt: reads.changedAt.toISOString() } : {}),
    ...(reads.askedAt ? { askedAt: reads.askedAt.toISOString() } : {}),
    ...('busyBlocks' in s ? { busyBlocks: s.busyBlocks } : {}),
    ...(calendar.invitations() ?? {}),
    ...('error' in s ? { error: s.error } : {}),
  };
}
