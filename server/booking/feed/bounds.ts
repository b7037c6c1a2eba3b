// Every bound of one read of the feed, in one table (docs/booking.md quotes it), and the one way a
// read fails. Google and Outlook put the invitations she receives into her calendar, so a stranger
// can write into the feed: each bound is what no practice's calendar comes near, and what crosses
// one either leaves one event out (named by UID, every other busy time counts) or fails that read
// alone (the last good copy serves). Tests pass smaller bounds to reach them with small feeds.

/** The bounds of one read. */
export interface FeedBounds {
  /** The largest feed read (bytes, unpacked): a calendar with years of history is well under it. */
  feedBytes: number;
  /** Redirects followed (iCloud's webcal:// address takes one), never from https to anything else. */
  redirects: number;
  /** The longest content line, and the most text one event keeps (characters): over it, a line not kept is dropped as it comes, an event that keeps it is left out. */
  lineChars: number;
  /** RDATE and EXDATE dates in the weeks read one event may keep (each costs ical.js about a kilobyte; no practice's series lists more than a few in seven weeks, an hourly one about 1,300); over it, the event is left out. */
  eventDates: number;
  /** The same for one read, all events kept until the feed is in; past it, events are left out, someone else's newest invitations first (kept.ts). */
  readDates: number;
  /** What a read keeps of the events it can only make busy times of once the feed is in (series, moved occurrences; characters, each event 256 more for itself); past it, events are left out as for readDates. */
  keptChars: number;
  /** Steps (occurrences walked) and CPU time (ms) a series may take, in rounds: every series the first, those not done the next, and so on; past the last, left out. */
  rounds: readonly { steps: number; cpuMs: number }[];
  /** Steps and CPU time (ms) all series of one read may take together; every series unfinished by then is left out. */
  readSteps: number;
  readCpuMs: number;
  /** The read's thread: its heap and young generation (MB). A feed that needs more fails that read. */
  heapMb: number;
  youngMb: number;
  /** The whole read's time (ms, besides the download's own, BOOKING_FETCH_TIMEOUT_SECONDS); past it, the read is stopped, even in the middle of a step. */
  readMs: number;
}

export const FEED_BOUNDS: FeedBounds = {
  feedBytes: 20 * 1024 * 1024,
  redirects: 5,
  lineChars: 1024 * 1024,
  eventDates: 1_500,
  readDates: 10_000,
  keptChars: 3 * 1024 * 1024,
  rounds: [
    { steps: 100, cpuMs: 100 },
    { steps: 1_000, cpuMs: 500 },
    { steps: 5_000, cpuMs: 1_000 },
  ],
  readSteps: 200_000,
  readCpuMs: 5_000,
  heapMb: 32,
  youngMb: 1,
  readMs: 120_000,
};

/**
 * The events a read left out for one reason, by UID (never a title): a rule that would take more
 * steps or CPU time than a read may expand ('rule'), more dates in the weeks read than a read
 * keeps ('dates'), more text than it keeps of one event ('text'), no room left among what a read
 * keeps until the feed is in ('room', keptChars). How many, and the UIDs of the first
 * `LEFT_OUT_NAMED` (a flood of invitations would otherwise fill the read's memory with their
 * names). Every other busy time counts.
 */
export interface LeftOut {
  why: 'rule' | 'dates' | 'text' | 'room';
  count: number;
  uids: string[];
}

/** How many UIDs a read names per reason. */
const LEFT_OUT_NAMED = 100;

/** Lists of what was left out, joined: per reason, the counts added and the first UIDs named. */
export function joinedLeftOut(...lists: LeftOut[][]): LeftOut[] {
  const out: LeftOut[] = [];
  for (const { why, count, uids } of lists.flat()) {
    let entry = out.find((e) => e.why === why);
    if (!entry) {
      entry = { why, count: 0, uids: [] };
      out.push(entry);
    }
    entry.count += count;
    entry.uids.push(...uids.slice(0, LEFT_OUT_NAMED - entry.uids.length));
  }
  return out;
}

/** Notes one more event left out, in the list of a read. */
export function leaveOut(list: LeftOut[], uid: string, why: LeftOut['why']): void {
  let entry = list.find((e) => e.why === why);
  if (!entry) {
    entry = { why, count: 0, uids: [] };
    list.push(entry);
  }
  entry.count++;
  if (entry.uids.length < LEFT_OUT_NAMED) entry.uids.push(uid);
}

/** A read that cannot be trusted, with a message fit for the log and /healthz (never the address). */
export class FeedError extends Error {}

/** The refusal of a feed over `feedBytes` (`unpacked`: a gzipped file, over it once unpacked). */
export function tooLarge(maxBytes: number, unpacked = false): FeedError {
  const size =
    maxBytes >= 1024 * 1024 ? `${Math.round(maxBytes / 1024 / 1024)} MB` : `${Math.round(maxBytes / 1024)} kB`;
  return new FeedError(`the feed is larger than ${size}${unpacked ? ' unpacked' : ''}`);
}
