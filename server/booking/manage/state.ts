// An appointment's state, as the mark of its request keeps it in the used links' store
// (server/store/usedLinks.ts, decision 0039): a word, and for a move the times and ids it needs.
// Nothing personal: random ids' hashes, a hold's id, instants. One request's mark is one
// appointment's state from her answer on: requested (no mark), declined, confirmed, moving (the
// client asked for another time; the old one is still hers), moved (this request's time was
// given up for its move's, whose own mark goes on from there), kept (a move declined: the
// confirmed time stays, the link's one move used), cancelled free or late by the client, or
// released by her.

/** A move the client asked for: its request's mark, its hold and time, and when her answer is due (the hold lapses). */
export interface MoveAsked {
  mark: string;
  hold: string;
  start: Date;
  end: Date;
  due: Date;
}

export type AppointmentState =
  | { kind: 'requested' }
  | { kind: 'declined' }
  /** `moveUsed`: a move was asked and declined ('kept'): the link moves no more. */
  | { kind: 'confirmed'; moveUsed: boolean }
  | { kind: 'moving'; move: MoveAsked }
  /** Given up for its move's time; `mark`: the move's request, whose mark the appointment lives on in. */
  | { kind: 'moved'; mark: string; start: Date; end: Date }
  | { kind: 'cancelled'; late: boolean }
  /** Released by her; `told`: whether the client had her mail. */
  | { kind: 'released'; told: boolean }
  /** A value this code does not know: nothing may act on it. */
  | { kind: 'unknown' };

/** The words a mark's value starts with, as begin()'s `from` names them ('' for no mark). */
export const WORDS = {
  requested: '',
  declined: 'decline',
  confirmed: 'confirm',
  kept: 'kept',
  moving: 'moving',
  moved: 'moved',
  cancelled: 'cancel',
  cancelledLate: 'cancel-late',
  released: 'release',
  releasedTold: 'release+told',
} as const;

/** The states a confirmed appointment may be changed from (cancelled, released): confirmed, kept, moving. */
export const LIVE = [WORDS.confirmed, WORDS.kept, WORDS.moving] as const;

const instant = (ms: string | undefined) => new Date(Number(ms));
const valid = (...dates: Date[]) => dates.every((d) => Number.isFinite(d.getTime()));

/** The state a mark's value stands for (null: no mark). */
export function stateOf(value: string | null): AppointmentState {
  const [word, ...rest] = (value ?? '').split('|');
  switch (word) {
    case WORDS.requested:
      return { kind: 'requested' };
    case WORDS.declined:
      return { kind: 'declined' };
    case WORDS.confirmed:
    case WORDS.kept:
      return { kind: 'confirmed', moveUsed: word === WORDS.kept };
    case WORDS.cancelled:
    case WORDS.cancelledLate:
      return { kind: 'cancelled', late: word === WORDS.cancelledLate };
    case WORDS.released:
    case WORDS.releasedTold:
      return { kind: 'released', told: word === WORDS.releasedTold };
    case WORDS.moving: {
      const [mark, hold, a, b, due] = rest;
      const move = { mark: mark ?? '', hold: hold ?? '', start: instant(a), end: instant(b), due: instant(due) };
      return mark && hold && valid(move.start, move.end, move.due) ? { kind: 'moving', move } : { kind: 'unknown' };
    }
    case WORDS.moved: {
      const [mark, a, b] = rest;
      const moved = { kind: 'moved' as const, mark: mark ?? '', start: instant(a), end: instant(b) };
      return mark && valid(moved.start, moved.end) ? moved : { kind: 'unknown' };
    }
    default:
      return { kind: 'unknown' };
  }
}

/** A state as its mark keeps it. */
export function markValue(state: Exclude<AppointmentState, { kind: 'requested' | 'unknown' }>): string {
  switch (state.kind) {
    case 'declined':
      return WORDS.declined;
    case 'confirmed':
      return state.moveUsed ? WORDS.kept : WORDS.confirmed;
    case 'cancelled':
      return state.late ? WORDS.cancelledLate : WORDS.cancelled;
    case 'released':
      return state.told ? WORDS.releasedTold : WORDS.released;
    case 'moving': {
      const m = state.move;
      return [WORDS.moving, m.mark, m.hold, m.start.getTime(), m.end.getTime(), m.due.getTime()].join('|');
    }
    case 'moved':
      return [WORDS.moved, state.mark, state.start.getTime(), state.end.getTime()].join('|');
  }
}

/** begin()'s `from` for her answer to a move: the appointment moving to exactly this request. */
export const movingTo = (mark: string) => `${WORDS.moving}|${mark}|`;
