import type { Logger } from 'pino';
import type { Config } from './config';
import { createMailer, type Mailer, type MailerOptions } from '../mail/transport';
import { createMailHealth, type MailHealth } from '../mail/health';
import { connectRedis, type StoreRedis } from '../store/redis';
import { createRateLimitStore, type RateLimitStore } from '../store/rateLimit';
import { createHoldStore, type HoldStore } from '../store/holds';
import { createUsedLinks, type UsedLinks } from '../store/usedLinks';
import { createBookingCalendar, type BookingCalendar } from '../booking/calendar';
import { holdUntil } from '../booking/answerWindow';
import { createReminders } from '../booking/decision/reminder';

// The composition root's parts: every stateful service of a serving process, built once here
// (the worker calls this; a test may too) and closed here: the mailer and its health check, the
// forms' limits, with booking on its calendar, holds and used answer links, and the ONE Redis
// connection the limits, holds and links share. createApp (server/http/app.ts) receives them
// (its AppDeps) and builds none.

export interface Services {
  mailer: Mailer;
  /** The start-up check and /healthz/mail; the worker starts it. */
  mailHealth: MailHealth;
  /** Where the forms' limits count (server/store/rateLimit.ts). */
  rateLimit: RateLimitStore;
  /** The practitioner's calendar (server/booking/calendar.ts); null: booking is off. */
  booking: BookingCalendar | null;
  /** Where requested times are held (server/store/holds.ts); null: booking is off. */
  holds: HoldStore | null;
  /** Which answer links the practitioner has used (server/store/usedLinks.ts); null: booking is off. */
  usedLinks: UsedLinks | null;
  /** Resolves when the stores can answer (at most a second): the worker listens after it. */
  ready: Promise<void>;
  /** Starts what runs in the background: the calendar's reads. */
  start(): void;
  /** Stops and closes every one of them. */
  close(): Promise<void>;
}

export function createServices(
  config: Config,
  logger: Logger,
  options: { mailer?: Mailer; mailerOptions?: MailerOptions; mailHealth?: MailHealth } = {},
): Services {
  const mailer = options.mailer ?? createMailer(config, options.mailerOptions);
  const mailHealth = options.mailHealth ?? createMailHealth(mailer, logger);
  const redis: StoreRedis | null = config.redisUrl ? connectRedis({ ...config, redisUrl: config.redisUrl }) : null;
  const rateLimit = createRateLimitStore(config, logger, redis ?? undefined);
  const booking = config.booking ? createBookingCalendar(config.booking, logger) : null;
  const holds = config.booking ? createHoldStore(config, holdUntil, logger, redis ?? undefined) : null;
  const usedLinks = config.booking ? createUsedLinks(config, redis ?? undefined) : null;
  // The due-day reminders to the practice (issue 39).
  const reminders = holds ? createReminders({ config, mailer: mailHealth.mailer, holds, logger }) : null;
  return {
    mailer,
    mailHealth,
    rateLimit,
    booking,
    holds,
    usedLinks,
    ready: Promise.all([rateLimit.ready, holds?.ready, usedLinks?.ready, redis?.ready]).then(() => undefined),
    start() {
      booking?.start();
      reminders?.start();
    },
    async close() {
      booking?.stop();
      reminders?.stop();
      mailer.close();
      await Promise.all([rateLimit.close(), holds?.close(), usedLinks?.close()]);
      await redis?.close();
    },
  };
}
