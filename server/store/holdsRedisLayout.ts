import { bufferMs, HOLDS_KEY_PREFIX, sliceMs, type Hold } from './holds';

// How booking's holds lie in Redis (holdsRedis.ts, and the answers' scripts of holdsRedisAnswers.ts):
// the keys, a hold's entry in the list, and the slices of time it covers.

export const LIST_KEY = `${HOLDS_KEY_PREFIX}holds`;
export const SLICE_PREFIX = `${HOLDS_KEY_PREFIX}slice:`;
export const visitorKey = (visitor: string) => `${HOLDS_KEY_PREFIX}visitor:${visitor}`;
/** The sealed request beside its hold, once its mail went and until it is answered (for the due-day reminder's links). */
export const sealedKey = (token: string) => `${HOLDS_KEY_PREFIX}sealed:${token}`;
/** A hold's reminder: a process's claim while it mails it, 'sent' once sent. */
export const remindedKey = (token: string) => `${HOLDS_KEY_PREFIX}reminded:${token}`;
/** The reminder's mark once sent. */
export const SENT = 'sent';
/** The client's reminder riding with her confirmed hold: her sealed appointment, until sent or the hold ends. */
export const clientReminderKey = (token: string) => `${HOLDS_KEY_PREFIX}remind:${token}`;
/** The client reminders' ids by when each is due. */
export const CLIENT_REMINDERS_KEY = `${HOLDS_KEY_PREFIX}reminders`;
/** A process's claim on a client reminder while it mails it. */
export const clientRemindingKey = (token: string) => `${HOLDS_KEY_PREFIX}reminding:${token}`;

/** A hold in the list: token|service|start ms|end ms, and |confirmed once kept (|freed once a kept one is released). */
export const entryOf = (token: string, hold: Hold) =>
  `${token}|${hold.service}|${hold.start.getTime()}|${hold.end.getTime()}`;

/** The slices a hold covers: its session and the buffer after it. */
export function slicesOf(hold: Hold): [number, number] {
  const slice = sliceMs();
  return [Math.floor(hold.start.getTime() / slice), Math.ceil((hold.end.getTime() + bufferMs()) / slice) - 1];
}
