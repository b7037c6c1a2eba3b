import type { Hold, HoldStore } from '../store/holds';
import type { BookingCalendar } from './calendar';
import { withinShare } from './share';

// Taking a time for a request (a visitor's, or a client's move): is it still offered (the
// calendar and every live hold), is the unconfirmed share within a quarter (share.ts, decision
// 0014), hold it (server/store/holds.ts, so that no one else can take it), and the share checked
// again with every live hold (another worker may have held one meanwhile). A hold whose reply did
// not come is released by its own id (it may have held all the same, decision 0039). A time that
// whom the hold is for holds already is theirs, waiting: never "taken" by someone else.

export type HeldOutcome =
  /** Held: `release` gives it back (the request's mail failed). */
  | { result: 'held'; release: () => Promise<boolean> }
  /** The time is no longer free (the calendar or another hold). */
  | { result: 'taken' }
  /** The calendar cannot be vouched for, or the holds store does not answer: nothing held. */
  | { result: 'unavailable' | 'store-unavailable' }
  /** The hold's reply did not come, and what it may have held was released: the caller may ask again. */
  | { result: 'not-held' }
  /** Unconfirmed requests hold their share of the calendar. */
  | { result: 'held-share-full' }
  /** Whom the hold is for holds as many times as they may. */
  | { result: 'already-waiting' };

/**
 * A time not free: taken, unless whom it is for holds this very time already (their request sent
 * again, say after its mail may have gone, decision 0052): then it waits for them, nothing more is held.
 */
async function notFree(holds: HoldStore, hold: Hold, at: Date): Promise<HeldOutcome> {
  return (await holds.heldBy(hold, at)) ? { result: 'already-waiting' } : { result: 'taken' };
}

export async function holdTime(
  deps: { calendar: BookingCalendar; holds: HoldStore },
  hold: Hold & { id: string },
  at: Date,
): Promise<HeldOutcome> {
  const { calendar, holds } = deps;
  const held = await holds.list(at);
  if (!held) return { result: 'store-unavailable' };
  const free = calendar.isFree(hold.service, hold.start, at, held);
  if (free === null) return { result: 'unavailable' };
  if (!free) return notFree(holds, hold, at);
  if (!withinShare(calendar, [...held, hold], at)) return { result: 'held-share-full' };
  const taken = await holds.hold(hold, at);
  if (taken.result === 'unavailable') {
    // No answer is no proof that nothing was held: a late reply's command ran. What it may have held goes, so the caller told "not sent" finds the time free.
    return { result: (await holds.release(hold.id, hold)) ? 'not-held' : 'store-unavailable' };
  }
  if (taken.result === 'taken') return notFree(holds, hold, at);
  if (taken.result === 'waiting') return { result: 'already-waiting' };
  // Another worker may have held a time meanwhile: checked again with every live hold, this one's included.
  const now = await holds.list(at);
  if (!now || !withinShare(calendar, now, at)) {
    const released = await taken.release();
    return { result: now ? 'held-share-full' : released ? 'not-held' : 'store-unavailable' };
  }
  return { result: 'held', release: taken.release };
}
