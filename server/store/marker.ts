import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';

// Tells a Redis that forgot. Held and confirmed times and used answer links live in Redis; one
// that loses them (FLUSHALL, a restart without persistence, a failover to a replica that lags,
// an eviction) would offer a held or confirmed time again. So the site writes one key without
// an expiry (the marker) the first time a process finds none, and every process with booking on
// reads it at each connection and remembers the value it saw. When it is gone (or another process
// wrote a new one after it was gone) while this process has seen it, Redis forgot: booking
// requests and answers are refused with the phone number (the stores' unavailable path) and one
// error line says what the operator should do, until she re-arms it (`npm run redis:rearm`,
// rearm.ts), which every process then takes.
// A process that starts after the loss cannot tell it from a new Redis: the start-up warnings of
// durability.ts, and the processes that did see the marker, are what tell it then (decision 0041).

export const MARKER_KEY = 'psykolog-aalborg:marker';
const BY_SITE = 'site';
const BY_OPERATOR = 'operator';

/** Redis lost what the site wrote: nothing it says about held times or used links can be trusted. */
export class RedisForgot extends Error {}

export interface DataMarker {
  /** Resolves while Redis keeps what the site wrote; throws RedisForgot, or Redis's own error. */
  check(): Promise<void>;
  /**
   * A store relies on it: checked at every connection from now on, so that this process has seen
   * it before Redis can forget (and a Redis that restarted empty is told at once).
   */
  expect(): void;
  /** This process found the marker gone and it has not been re-armed since. */
  lost(): boolean;
}

const valueBy = (who: string) => `${who} ${new Date().toISOString()} ${randomUUID()}`;

export const REARM_COMMAND = 'npm run redis:rearm';

export function dataMarker(client: Redis, where: string, logger: Logger): DataMarker {
  let seen: string | null = null;
  let lost = false;

  async function arm(): Promise<void> {
    const value = valueBy(BY_SITE);
    if ((await client.set(MARKER_KEY, value, 'NX')) === 'OK')
      logger.info(
        { redis: where },
        `Redis at ${where} had no marker (${MARKER_KEY}): written now, so that a Redis that forgets is noticed`,
      );
    seen = (await client.get(MARKER_KEY)) ?? value;
  }

  function forgot(value: string | null): never {
    if (!lost)
      logger.error(
        { redis: where, marker: MARKER_KEY },
        `Redis at ${where} lost its data: the marker ${MARKER_KEY} is ${value === null ? 'gone' : 'not the one this process saw'} (FLUSHALL, a restart without persistence, a failover or an eviction). Booking requests and answers are refused with the phone number. Check the practitioner's calendar against the booking mails of the last weeks (times held or confirmed may be free in Redis now), then re-arm with \`${REARM_COMMAND}\``,
      );
    lost = true;
    throw new RedisForgot(`Redis at ${where} lost its data (marker ${MARKER_KEY})`);
  }

  let expected = false;
  const marker: DataMarker = {
    expect() {
      if (expected) return;
      expected = true;
      const look = () => void marker.check().catch(() => undefined);
      if (client.status === 'ready') look();
      client.on('ready', look);
    },
    async check() {
      const value = await client.get(MARKER_KEY);
      if (seen === null) {
        if (value === null) return arm();
        seen = value;
        return;
      }
      if (value === seen && !lost) return;
      // Only the operator's re-arm ends it: a marker another process wrote after the loss does not.
      if (value === seen || !value?.startsWith(`${BY_OPERATOR} `)) forgot(value);
      seen = value;
      if (lost) logger.info({ redis: where }, `Redis at ${where} re-armed by the operator: booking works again`);
      lost = false;
    },
    lost: () => lost,
  };
  return marker;
}

/** The operator's re-arm (rearm.ts): every process takes the new marker at its next check. */
export async function rearm(client: Redis): Promise<void> {
  await client.set(MARKER_KEY, valueBy(BY_OPERATOR));
}
