import { leaveOut, type FeedBounds, type LeftOut } from './bounds';
import { shownUid, type KeptEvent } from './event';

// What a read keeps of the feed until the whole feed is in (series, their moved occurrences,
// one-offs waiting for a zone defined further on), within its bounds (keptChars, readDates): a
// stranger's invitations fill it as easily as her own events, so when it is full an event is left
// out instead of the read running out of memory, and which one is decided, not by where it stands
// in the feed: someone else's invitations first, the newest first, her own events last
// (decision 0056). Every event left out is named by its UID; every other busy time counts.

/** Whether `a` is left out before `b`: an invitation before her own, then the newer (CREATED, then later in the feed). */
function before(a: KeptEvent, b: KeptEvent): boolean {
  if (a.invitation !== b.invitation) return a.invitation;
  if (a.created !== b.created) return a.created > b.created;
  return a.order > b.order;
}

/** A kept event, and where it belongs (the sieve's calendar). */
type Item<T> = { event: KeptEvent; at: T };

/** The kept events, the next to leave out on top (a binary heap), within the bounds; what is left out is let go. */
export class KeptEvents<T> {
  private readonly heap: Item<T>[] = [];
  private chars = 0;
  private dates = 0;
  readonly left: LeftOut[] = [];

  constructor(private readonly bounds: Pick<FeedBounds, 'keptChars' | 'readDates'>) {}

  /** Keeps an event; while over a bound, leaves out the first to go (which may be this one). */
  add(event: KeptEvent, at: T): void {
    this.push({ event, at });
    this.chars += event.cost;
    this.dates += event.dates;
    while (this.chars > this.bounds.keptChars || this.dates > this.bounds.readDates) {
      const why = this.dates > this.bounds.readDates ? 'dates' : 'room';
      const out = this.pop().event;
      this.chars -= out.cost;
      this.dates -= out.dates;
      leaveOut(this.left, shownUid(out.uid), why);
    }
  }

  /** Every event kept, in the feed's order, with where it belongs. */
  all(): Item<T>[] {
    return [...this.heap].sort((a, b) => a.event.order - b.event.order);
  }

  private push(item: Item<T>) {
    const heap = this.heap;
    heap.push(item);
    for (let i = heap.length - 1; i > 0; ) {
      const parent = (i - 1) >> 1;
      if (!before((heap[i] as Item<T>).event, (heap[parent] as Item<T>).event)) break;
      [heap[i], heap[parent]] = [heap[parent] as Item<T>, heap[i] as Item<T>];
      i = parent;
    }
  }

  private pop(): Item<T> {
    const heap = this.heap;
    const top = heap[0] as Item<T>;
    const last = heap.pop() as Item<T>;
    if (heap.length === 0) return top;
    heap[0] = last;
    const at = (i: number) => (heap[i] as Item<T>).event;
    for (let i = 0; ; ) {
      const [l, r] = [2 * i + 1, 2 * i + 2];
      let first = i;
      if (l < heap.length && before(at(l), at(first))) first = l;
      if (r < heap.length && before(at(r), at(first))) first = r;
      if (first === i) break;
      [heap[i], heap[first]] = [heap[first] as Item<T>, heap[i] as Item<T>];
      i = first;
    }
    return top;
  }
}
