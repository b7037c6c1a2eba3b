import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import type { BookableService } from '../../../content/booking';
import { herCalendar as texts } from '../../../content/herCalendar';
import type { BookingFormat } from '../../../content/texts/booking';
import type { Config, HerCalendarConfig } from '../../process/config';
import type { Mailer } from '../../mail/transport';
import type { CalendarQueue, Wanted } from '../../store/calendarQueue';
import { davClient } from './caldav';
import { addSession, sessionCalendar, timesOf } from './event';
import { openSession, sealSession, type Session } from './seal';
import { createWriter } from './writer';

// Her calendar keeps itself: every session she confirms, that moves, is cancelled or released
// appears in, changes in or leaves her own calendar by itself, exactly once (CalDAV,
// CALDAV_URL), and her confirmed sessions are served at a private subscription address for the
// calendars that cannot be written (CALENDAR_SUBSCRIPTION_TOKEN). This is the module's one entry:
// nothing outside server/booking/herCalendar/ imports its other files (test/feed-module.test.ts).
// Inside: seal.ts (what is kept of the client, sealed), event.ts (the event and how it is read
// back), caldav.ts (the three requests), reconcile.ts (one attempt, exactly once), schedule.ts
// (the retries), writer.ts (the queue's worker and her mails), log.ts, subscription.ts.
//
// A change is queued (server/store/calendarQueue.ts, Redis) and this process looks at once; the
// booking never waits for her calendar nor fails on it. The caller's promise resolves once the
// change is queued, or kept in this process while the store does not answer (then queued at the
// next look); it never rejects.

export { SUBSCRIPTION_PATH, subscriptionRouter } from './subscription';

/** A confirmed booking as her calendar needs it (an AnswerRequest is one). */
export interface CalendarBooking {
  /** The request's id (its answer links' id): it fixes the event's name and UID. */
  id: string;
  service: BookableService;
  format: BookingFormat;
  start: Date;
  end: Date;
  name: string;
  /** As the client typed it; absent in links sealed before they carried it. */
  phone?: string;
}

/**
 * What the booking's actions call, each once the action is final (the mark made final:
 * decision/decide.ts). Each resolves once the change is queued (never rejects).
 */
export interface CalendarWrites {
  /** She confirmed `booking`: its event is written into her calendar and listed at the subscription address. */
  confirmed(booking: CalendarBooking): Promise<void>;
  /**
   * A confirmed move: `booking` (the move's own request) replaces the booking `from` (its id, or
   * the id of any booking it replaced before): the same event, rewritten at the new time.
   */
  moved(booking: CalendarBooking, from: string): Promise<void>;
  /** The booking (or any it replaced) was cancelled or released: its event leaves her calendar. */
  cancelled(bookingId: string): Promise<void>;
}

/** A type, not an interface: /healthz's details take it as a record. */
type HerCalendarHealth = {
  /** The collection's host, or null: not written over CalDAV. */
  caldav: string | null;
  subscription: boolean;
  /** What the last write found ('ok', 'retrying (…)', 'refused-login (401)'), or 'idle' before any. */
  writing: string;
  /** Changes due to be written. */
  waiting: number;
  store: string;
};

export interface HerCalendar extends CalendarWrites {
  /** The UID her calendar knows a booking's event by: her feed's copy of it is told by this (booking/calendar.ts). */
  uidOf(bookingId: string): Promise<string>;
  /** The subscription address's tokens (none: no address). */
  subscriptionTokens: readonly string[];
  /** The subscription's feed: the confirmed sessions not yet over. Throws when the store does not answer. */
  calendarText(): Promise<string>;
  health(): Promise<HerCalendarHealth>;
  /** Why her calendar cannot be written now (for /healthz: the operator must act); null: nothing. */
  problem(): Promise<string | null>;
  /** One look at the queue now (what the timer does): how many entries it worked. */
  look(): Promise<number>;
  /** Resolves when every change asked for so far is queued and looked at. */
  idle(): Promise<void>;
  start(): void;
  stop(): Promise<void>;
}

export interface HerCalendarDeps {
  config: Pick<Config, 'baseUrl' | 'mailTo' | 'mailFrom'> & {
    herCalendar: HerCalendarConfig;
    booking: NonNullable<Config['booking']>;
  };
  queue: CalendarQueue;
  mailer: Mailer;
  logger: Logger;
  now(): Date;
  /** Resolves when the store can answer (the composition root's Redis connecting): the start's first steps wait for it. */
  ready?: Promise<void>;
}

/** How often a process looks for what is due (its own changes it looks at at once). */
const LOOK_EVERY_MS = 15_000;
/** How long a stop waits for a look under way (a CalDAV request takes up to 15 s). */
const STOP_WAIT_MS = 5_000;
/** How often calendar apps are asked to fetch the subscription again (most decide themselves). */
const REFRESH_HOURS = 1;

/** An event's key: its name in her collection and its UID's first part, fixed by the booking's id. */
const eventKey = (bookingId: string) =>
  createHash('sha256').update(`her calendar event:${bookingId}`).digest('hex').slice(0, 32);

/** The UID of the event the site writes for the booking `bookingId` (its first request's id), at BASE_URL `baseUrl`. */
export const ownEventUid = (baseUrl: string, bookingId: string): string =>
  `${eventKey(bookingId)}@${new URL(baseUrl).hostname}`;

/** The UIDs of the events the site writes for BASE_URL `baseUrl`: '<32 hex>@<its host>'. */
export const ownUidPattern = (baseUrl: string): RegExp =>
  new RegExp(`^[0-9a-f]{32}@${new URL(baseUrl).hostname.replace(/\./g, '\\.')}$`);

const sessionOf = (b: CalendarBooking): Session => ({
  service: b.service,
  format: b.format,
  start: b.start,
  end: b.end,
  name: b.name,
  phone: b.phone ?? null,
});

export function createHerCalendar(deps: HerCalendarDeps): HerCalendar {
  const { config, queue, logger, now } = deps;
  const { caldav, subscriptionTokens } = config.herCalendar;
  const { secrets, videoUrl } = config.booking;
  const host = new URL(config.baseUrl).hostname;
  const uidOfKey = (key: string) => `${key}@${host}`;
  const writer = caldav
    ? createWriter({ ...deps, dav: davClient(caldav), mail: config, secrets, videoUrl, uidOf: uidOfKey })
    : null;
  const loop = lookLoop(writer?.look ?? null, logger);

  /** A change, queued now or kept here until the store answers. */
  function change(queued: () => Promise<void>): Promise<void> {
    return loop.queue(queued);
  }
  const resolve = async (bookingId: string) => queue.resolve(eventKey(bookingId));
  const present = async (b: CalendarBooking): Promise<Wanted> => ({
    want: 'present',
    sealed: await sealSession(sessionOf(b), secrets[0] as Buffer),
    until: b.end.getTime(),
    times: timesOf(b.start, b.end),
  });
  const due = { due: caldav !== null };
  const at = () => now().getTime();
  /** A move's booking, its phone kept from the event's entry when the move's request carries none (the client's link does not). */
  const withPhone = async (b: CalendarBooking, key: string): Promise<CalendarBooking> => {
    if (b.phone) return b;
    const entry = await queue.entry(key, at());
    const phone = entry ? (await openSession(entry.sealed, secrets))?.session.phone : null;
    return phone ? { ...b, phone } : b;
  };

  return {
    confirmed: (b) => change(async () => queue.want(eventKey(b.id), await present(b), at(), due)),
    moved: (b, from) =>
      change(async () => {
        const key = await resolve(from);
        await queue.want(key, await present(await withPhone(b, key)), at(), { ...due, alias: eventKey(b.id) });
      }),
    cancelled: (id) => change(async () => queue.want(await resolve(id), { want: 'absent' }, at(), due)),
    uidOf: async (id) => uidOfKey(await resolve(id)),
    subscriptionTokens,
    calendarText: () => subscriptionText(queue, secrets, { uidOf: uidOfKey, videoUrl, now: now() }),
    async health() {
      const { state, waiting } = await queue.writing(at());
      return {
        caldav: caldav?.url.host ?? null,
        subscription: subscriptionTokens.length > 0,
        writing: state ?? 'idle',
        waiting,
        store: queue.state(),
      };
    },
    async problem() {
      const writing = caldav ? (await queue.writing(at()).catch(() => null))?.state : null;
      return writing?.startsWith('refused-login')
        ? `her calendar refuses the login (${caldav?.url.host}): a new app password in CALDAV_PASSWORD`
        : null;
    },
    look: loop.look,
    idle: loop.idle,
    start() {
      void (async () => {
        await deps.ready;
        if (loop.stopped()) return;
        await resealed(queue, secrets, at(), logger);
        // Her login refused before this start: a new password is tried at once, not at the next retry.
        const writing = await queue.writing(at()).catch(() => null);
        if (caldav && writing?.state?.startsWith('refused-login')) await queue.hurry(at()).catch(() => undefined);
        loop.start();
      })();
    },
    stop: loop.stop,
  };
}

/** The subscription's feed: every session not yet over, once each, under the UID of its CalDAV event. */
async function subscriptionText(
  queue: CalendarQueue,
  secrets: readonly Buffer[],
  c: { uidOf(key: string): string; videoUrl: string | null; now: Date },
): Promise<string> {
  const calendar = sessionCalendar({ publish: { name: texts.subscriptionName, refreshHours: REFRESH_HOURS } });
  const entries = (await queue.sessions(c.now.getTime())).sort((a, b) => a.until - b.until);
  for (const entry of entries) {
    const opened = await openSession(entry.sealed, secrets);
    if (opened) addSession(calendar, opened.session, { ...c, uid: c.uidOf(entry.key), sequence: entry.version });
  }
  return calendar.toString();
}

/** After a rotation of BOOKING_SECRET: what the previous secret sealed is sealed with the current one, so that the previous one can go. */
async function resealed(queue: CalendarQueue, secrets: readonly Buffer[], now: number, logger: Logger) {
  if (secrets.length < 2) return;
  try {
    for (const entry of await queue.sessions(now)) {
      const opened = await openSession(entry.sealed, secrets);
      if (opened && !opened.current)
        await queue.reseal(entry.key, entry.sealed, await sealSession(opened.session, secrets[0] as Buffer));
    }
  } catch {
    logger.warn(
      'her calendar: the queued sessions could not be sealed with the new BOOKING_SECRET yet (Redis did not answer): done at the next start',
    );
  }
}

/**
 * The process's side of the queue: changes handed to the store (kept here while it does not
 * answer, and handed over at the next look), one look at a time, at once after a change and
 * every LOOK_EVERY_MS; on stop, what could not be handed over is told.
 */
function lookLoop(look: (() => Promise<number>) | null, logger: Logger) {
  const kept: (() => Promise<void>)[] = [];
  const inFlight = new Set<Promise<void>>();
  let looking: Promise<number> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  async function handOver() {
    while (kept.length > 0) {
      await (kept[0] as () => Promise<void>)();
      kept.shift();
    }
  }
  function lookNow(): Promise<number> {
    if (looking !== null) {
      again = true;
      return looking;
    }
    looking = (async () => {
      await handOver();
      let worked = 0;
      do {
        again = false;
        worked += look ? await look() : 0;
      } while (again);
      return worked;
    })().finally(() => {
      looking = null;
    });
    return looking;
  }
  const quietly = () => {
    if (!stopped) void lookNow().catch(() => undefined);
  };

  return {
    queue(change: () => Promise<void>): Promise<void> {
      const done = change()
        .catch(() => {
          kept.push(change);
          logger.warn(
            'her calendar: a change could not be queued (Redis did not answer): kept in this process and queued at the next look',
          );
        })
        .finally(() => {
          inFlight.delete(done);
          quietly();
        });
      inFlight.add(done);
      return done;
    },
    look: lookNow,
    async idle() {
      await Promise.all(inFlight);
      await lookNow().catch(() => undefined);
    },
    start() {
      if (stopped) return;
      timer ??= setInterval(quietly, LOOK_EVERY_MS).unref();
      quietly();
    },
    /** Stopped for good (the process shuts down). */
    stopped: () => stopped,
    async stop() {
      stopped = true;
      clearInterval(timer);
      timer = undefined;
      await Promise.all(inFlight);
      // A look cut short by the stop is not lost: its claims lapse and the next process works them.
      await Promise.race([looking?.catch(() => undefined), new Promise((r) => setTimeout(r, STOP_WAIT_MS).unref())]);
      if (kept.length > 0)
        logger.error(
          { changes: kept.length },
          `her calendar: ${kept.length} change(s) could not be queued before the stop (Redis did not answer): check her calendar by hand`,
        );
    },
  };
}
