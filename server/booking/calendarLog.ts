import type { Logger } from 'pino';
import type { FeedOwner, LeftOut } from './feed';
import { MINUTE_MS } from '../../views/days';

// What the calendar's reads (calendar.ts) say in the log: "booking on" once at start-up, a
// recovery at info, each failure once at error while no times are offered (then warnings), the
// recurring events left out; every line names the feed's host, never its secret address, and
// carries the `booking` fields the operator's tools read.

/** Why an event was left out, in the warning's words. */
const WHY: Record<LeftOut['why'], string> = {
  rule: 'repeat more often than a read may expand',
  dates: 'list more dates in the weeks ahead than a read keeps',
  text: 'carry more text than a read keeps of one event',
  room: 'did not fit in what a read keeps (the newest invitations go first, her own events last)',
};

/** What the start-up line says of invitations, by where her address came from (docs/booking.md). */
const OWNER: Record<NonNullable<FeedOwner> | 'unknown', string> = {
  set: 'invitations she has not accepted or has declined are not busy (her address: BOOKING_CALENDAR_OWNER)',
  feed: "invitations she has not accepted or has declined are not busy (her address: the feed's calendar name)",
  unknown:
    'every invitation in the calendar counts as busy, accepted or not: the feed does not say whose calendar it is (set BOOKING_CALENDAR_OWNER)',
};

export function calendarLog(log: Logger, host: string, horizonDays: number, staleLimitMinutes: number) {
  let announced = false;
  let reportedUnavailable = false;
  return {
    /** A read that gave a copy (new, or unchanged); `recovered`: after a failure; `owner`: where her address came from. */
    read(busyBlocks: number, took: { ms: number; changed: boolean }, recovered: boolean, owner: FeedOwner) {
      reportedUnavailable = false;
      const fields = { booking: { host, state: 'fresh', busyBlocks, ...took } };
      if (!announced)
        log.info(
          fields,
          `booking on: calendar feed from ${host}, ${busyBlocks} busy blocks in the next ${horizonDays} days, read just now; ${OWNER[owner ?? 'unknown']}`,
        );
      else if (recovered)
        log.info(
          fields,
          `calendar feed from ${host} read again: ${busyBlocks} busy blocks in the next ${horizonDays} days`,
        );
      else log.debug(fields, `calendar feed from ${host} read: ${busyBlocks} busy blocks`);
    },

    /** A read that failed (`error`: our own words only), the calendar's state after it, and since when its copy is stale (null: it is not). */
    failed(error: string, state: string, staleSince: Date | null, now: Date) {
      const fields = { booking: { host, state, error } };
      if (!announced) {
        log.warn(
          fields,
          `booking on, but the calendar feed from ${host} cannot be read: ${error}; no free times are offered until it can`,
        );
      } else if (staleSince) {
        const minutes = Math.floor((now.getTime() - staleSince.getTime()) / MINUTE_MS);
        log.warn(
          fields,
          `calendar feed from ${host} cannot be read: ${error}; free times from the copy read ${minutes} min ago are offered for up to ${staleLimitMinutes} min`,
        );
      } else if (!reportedUnavailable) {
        reportedUnavailable = true;
        log.error(
          fields,
          `calendar feed from ${host} cannot be read: ${error}; online booking offers no times until it can`,
        );
      } else {
        log.warn(fields, `calendar feed from ${host} still cannot be read: ${error}`);
      }
    },

    /** After every attempt, also one stopped on purpose: the start-up line has had its turn. */
    attempted() {
      announced = true;
    },

    /** Once per change of what is left out: how many, the first UIDs (never a title) by the bound each crossed, and that every other busy time counts. */
    skipped(skipped: LeftOut[]) {
      const total = skipped.reduce((n, s) => n + s.count, 0);
      const order = Object.keys(WHY);
      const sorted = [...skipped].sort((a, b) => order.indexOf(a.why) - order.indexOf(b.why));
      const parts = sorted.map(({ why, count, uids }) => {
        const more = count > 20 ? ` and ${count - 20} more` : '';
        return `${count} ${WHY[why]} (UID ${uids.slice(0, 20).join(', ')}${more})`;
      });
      log.warn(
        { booking: { host, skipped } },
        `calendar feed from ${host}: ${total} event(s) left out, ${parts.join('; ')}; every other busy time counts`,
      );
    },
  };
}
