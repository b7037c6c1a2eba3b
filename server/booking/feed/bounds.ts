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
  /** The same for one read, all events together; every event past it is left out. */
  readDates: number;
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
 * An event a read left out, by UID (never its title), and the bound it crossed: a rule that would
 * take more steps or CPU time than a read may expand ('rule'), more dates in the weeks read than
 * a read keeps ('dates'), more text than it keeps of one event ('text'). Every other busy time counts.
 */
export interface LeftOut {
  uid: string;
  why: 'rule' | 'dates' | 'text';
}

/** A read that cannot be trusted, with a message fit for the log and /healthz (never the address). */
export class FeedError extends Error {}

/** The refusal of a feed over `feedBytes` (`unpacked`: a gzipped file, over it once unpacked). */
export function tooLarge(maxBytes: number, unpacked = false): FeedError {
  const size =
    maxBytes >= 1024 * 1024 ? `${Math.round(maxBytes / 1024 / 1024)} MB` : `${Math.round(maxBytes / 1024)} kB`;
  return new FeedError(`the feed is larger than ${size}${unpacked ? ' unpacked' : ''}`);
}
