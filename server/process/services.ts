import type { Logger } from 'pino';
import type { Config } from './config';
import { createMailer, type Mailer, type MailerOptions } from '../mail/transport';
import { createMailHealth, type MailHealth } from '../mail/health';
import { connectRedis, type StoreRedis } from '../store/redis';
import { createRateLimitStore, type RateLimitStore } from '../store/rateLimit';
import type { HoldStore } from '../store/holds';
import { memoryHolds } from '../store/holdsMemory';
import { redisHolds } from '../store/holdsRedis';
import type { UsedLinks } from '../store/usedLinks';
import { memoryUsedLinks } from '../store/usedLinksMemory';
import { redisUsedLinks } from '../store/usedLinksRedis';
import { createUsedOnce, type UsedOnce } from '../store/usedOnce';
import { createBookingCalendar, type BookingCalendar } from '../booking/calendar';
import { holdUntil } from '../booking/answerWindow';
import { createReminders } from '../booking/decision/reminder';
import { type AppointmentReminders, createAppointmentReminders } from '../booking/manage';
import { createHerCalendar, ownUidPattern, type HerCalendar } from '../booking/herCalendar';
import { createCalendarQueue } from '../store/calendarQueue';

// The composition root: every stateful service of a serving process, built once here and closed
// here, for production (the worker calls this) and tests alike (test/support/app.ts builds every
// test's app through it, decision 0029): the mailer and its health check, the forms' limits, with
// booking on its calendar, holds and used answer links, and the ONE Redis connection the limits,
// holds and links share (none without REDIS_URL: then they live in this process's memory).
// createApp (server/http/app.ts) receives them (its AppDeps) and builds none.

export interface Services {
  mailer: Mailer;
  /** The start-up check and /healthz/mail; the worker starts it. */
  mailHealth: MailHealth;
  /** Where the forms' limits count (server/store/rateLimit.ts). */
  rateLimit: RateLimitStore;
  /** The practitioner's calendar (server/booking/calendar.ts); null: booking is off. */
  calendar: BookingCalendar | null;
  /** Where requested times are held (server/store/holds.ts); null: booking is off. */
  holds: HoldStore | null;
  /** Which answer links the practitioner has used (server/store/usedLinks.ts); null: booking is off. */
  usedLinks: UsedLinks | null;
  /** Keys used once within a time: her editor login's states (server/store/usedOnce.ts). */
  usedOnce: UsedOnce;
  /** The reminders clients ask for (server/booking/manage/reminders.ts); null: booking is off. */
  appointmentReminders: AppointmentReminders | null;
  /** Her own calendar kept by the site (server/booking/herCalendar/, its queue in server/store/calendarQueue.ts); null: not configured or booking off. */
  herCalendar: HerCalendar | null;
  /** The clock booking's endpoint and answer pages read, and her preview ticket's expiry (a test moves it). */
  now: () => Date;
  /** Resolves when Redis can answer (at most a second): the worker listens after it. */
  ready: Promise<void>;
  /** Starts what runs in the background: the calendar's reads, the reminders, her calendar's writes. */
  start(): void;
  /** Stops and closes every one of them. */
  close(): Promise<void>;
}

/**
 * What a caller may give instead of what this root builds. Production passes only mailerOptions
 * (the practice's key); a test passes its own mailer, calendar (null: booking off although
 * BOOKING_CALENDAR_URL is set), clock or Redis client, and gets everything else as production has it.
 */
export interface ServiceOverrides {
  mailer?: Mailer;
  mailerOptions?: MailerOptions;
  mailHealth?: MailHealth;
  calendar?: BookingCalendar | null;
  now?: () => Date;
  /** The one Redis client (the caller closes it); by default one connection to REDIS_URL, closed here. */
  redis?: StoreRedis | null;
}

export function createServices(config: Config, logger: Logger, overrides: ServiceOverrides = {}): Services {
  const mailer = overrides.mailer ?? createMailer(config, overrides.mailerOptions);
  const mailHealth = overrides.mailHealth ?? createMailHealth(mailer, logger);
  const ownRedis =
    overrides.redis === undefined && config.redisUrl
      ? connectRedis({ ...config, redisUrl: config.redisUrl }, logger)
      : null;
  const redis = overrides.redis ?? ownRedis;
  const rateLimit = createRateLimitStore(logger, redis, config.webConcurrency);
  const calendar =
    overrides.calendar !== undefined
      ? overrides.calendar
      : config.booking
        ? createBookingCalendar(config.booking, logger, {
            // The events the site writes into her calendar come back in her feed: told apart by UID.
            ...(config.herCalendar ? { ownUids: ownUidPattern(config.baseUrl) } : {}),
          })
        : null;
  const rules = config.booking ? { until: holdUntil, perVisitor: config.booking.holdsPerVisitor } : null;
  const holds = calendar && rules ? (redis ? redisHolds(redis, rules, logger) : memoryHolds(rules)) : null;
  const usedLinks = holds ? (redis ? redisUsedLinks(redis, logger) : memoryUsedLinks(holds)) : null;
  const now = overrides.now ?? (() => new Date());
  // The due-day reminders to the practice (server/booking/decision/reminder.ts).
  const reminders = holds ? createReminders({ config, mailer, holds, logger, now }) : null;
  // The reminders clients ask for, two days before their session (server/booking/manage/reminders.ts).
  const appointmentReminders = holds ? createAppointmentReminders({ config, mailer, holds, logger, now }) : null;
  const herCalendar = herCalendarOf(config, { holds, redis, mailer, logger, now });
  return {
    mailer,
    mailHealth,
    rateLimit,
    calendar,
    holds,
    usedLinks,
    appointmentReminders,
    usedOnce: createUsedOnce(redis),
    herCalendar,
    now,
    ready: redis?.ready ?? Promise.resolve(),
    start() {
      // A calendar given by the caller is the caller's to start and stop.
      if (overrides.calendar === undefined) calendar?.start();
      reminders?.start();
      appointmentReminders?.start();
      herCalendar?.start();
    },
    async close() {
      if (overrides.calendar === undefined) calendar?.stop();
      reminders?.stop();
      appointmentReminders?.stop();
      // Changes it holds are handed to Redis first (or told of), before the one client closes.
      await herCalendar?.stop();
      if (!overrides.mailer) mailer.close();
      // What the links owe Redis: one last try, or the error line that says so.
      await usedLinks?.close();
      await ownRedis?.close();
    },
  };
}

/** Her calendar, with booking on and CALDAV_URL or CALENDAR_SUBSCRIPTION_TOKEN set: its queue on the one Redis client. */
function herCalendarOf(
  config: Config,
  parts: { holds: HoldStore | null; redis: StoreRedis | null; mailer: Mailer; logger: Logger; now: () => Date },
): HerCalendar | null {
  const { herCalendar, booking } = config;
  if (!herCalendar || !booking || !parts.holds) return null;
  const queue = createCalendarQueue(parts.logger, parts.redis);
  const ready = parts.redis?.ready ?? Promise.resolve();
  return createHerCalendar({ ...parts, config: { ...config, herCalendar, booking }, queue, ready });
}
