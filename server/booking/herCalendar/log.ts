import type { Logger } from 'pino';

// What her calendar's writes say in the log: each event by the first characters of its key (a
// hash; never the client's name, the time or anything of the event), the calendar by its host
// (never the address's path, the user or the password). A refused login, and a reply that means
// the settings are wrong, are error lines saying what to check, once until a write goes through;
// a server that is away is a warning with the next try.

/** What a status that the settings explain means, and what to check. */
function checkFor(status: number | null): string | null {
  if (status === null || status >= 500 || status === 408 || status === 429) return null;
  if (status >= 300 && status < 400)
    return "CALDAV_URL redirects elsewhere: set it to the calendar collection's own address (npm run caldav:calendars lists them)";
  if (status === 404 || status === 409)
    return 'CALDAV_URL names no calendar collection there: check it (npm run caldav:calendars lists them)';
  return 'the calendar server refuses what the site writes: check that CALDAV_URL is a calendar (not an address book or a read-only share)';
}

export function writeLog(logger: Logger, host: string) {
  let toldLogin = false;
  let toldSetting: string | null = null;
  const about = (key: string) => ({ calendar: host, event: key.slice(0, 8) });
  return {
    written: (key: string) => logger.info(about(key), `her calendar: the session is written at ${host}`),
    deleted: (key: string) => logger.info(about(key), `her calendar: the session is deleted at ${host}`),
    /** A write went through: the next failure is told anew. */
    working() {
      toldLogin = false;
      toldSetting = null;
    },
    hersDeleted: (key: string) =>
      logger.info(about(key), 'her calendar: she deleted the session there herself: it is not written again'),
    hersEdited: (key: string) =>
      logger.info(
        about(key),
        'her calendar: she changed the session there herself: left as it is; she is mailed what changed',
      ),
    conflict: (key: string) =>
      logger.warn(
        about(key),
        'her calendar: an event with the same UID is already in her calendar under another name: not written; she is mailed',
      ),
    refused(key: string, status: number) {
      if (toldLogin) return;
      toldLogin = true;
      logger.error(
        { ...about(key), status },
        `her calendar: ${host} refused the login (${status}): check CALDAV_USERNAME and CALDAV_PASSWORD (an app password; resetting the account's own password revokes every app password); writes wait and are retried, and she is mailed once`,
      );
    },
    failed(key: string, status: number | null, reason: string, next: Date | null) {
      const check = checkFor(status);
      const retry = next ? `tried again at ${next.toISOString()}` : 'not tried again: the session is over first';
      if (check) {
        if (toldSetting === check) return;
        toldSetting = check;
        logger.error({ ...about(key), status }, `her calendar: ${host} ${reason}: ${check}; ${retry}`);
      } else logger.warn({ ...about(key), status }, `her calendar: ${host} ${reason}; ${retry}`);
    },
    gaveUp: (key: string) =>
      logger.error(
        about(key),
        `her calendar: a session's change was never written at ${host} before the session ended (see the warnings before it); check her calendar by hand`,
      ),
    unreadable: (key: string) =>
      logger.warn(
        about(key),
        'her calendar: a queued session cannot be opened (sealed with a BOOKING_SECRET no longer set): dropped; check her calendar by hand',
      ),
  };
}
