import { randomUUID } from 'node:crypto';
import {
  overlaps,
  ttlOf,
  type DueHold,
  type DueReminder,
  type Hold,
  type HeldInterval,
  type HoldReminder,
  type HoldRules,
  type HoldStore,
} from './holds';

// Booking's holds in this process's memory: development and tests (server/store/holds.ts).

interface Held extends Hold {
  expires: number;
  confirmed?: true;
  /** The sealed request once mailed, for the due-day reminder's links; reminded: the claim on its reminder, or 'sent'. */
  sealed?: string;
  reminded?: string;
  /** A confirmed hold's client reminder, and the claim of the process mailing it. */
  remind?: HoldReminder & { claim?: string };
}

/** Whom a confirmed hold is for: nobody who could request again, so it counts against no visitor. */
const CONFIRMED = '';

/** The reminders clients asked for, riding with their confirmed holds (holds.ts: HoldReminder). */
function clientReminders(
  held: Map<string, Held>,
  prune: (now: number) => void,
): Pick<HoldStore, 'claimAppointmentReminders' | 'appointmentReminded'> {
  return {
    async claimAppointmentReminders(now, claim) {
      prune(now.getTime());
      const due: DueReminder[] = [];
      for (const [id, h] of held)
        if (h.remind && h.remind.at.getTime() <= now.getTime() && (!h.remind.claim || h.remind.claim === claim)) {
          h.remind.claim = claim;
          due.push({ id, sealed: h.remind.sealed });
        }
      return due;
    },
    async appointmentReminded(id, claim, gone) {
      const h = held.get(id);
      if (h?.remind?.claim !== claim) return;
      if (gone) h.remind = undefined;
      else h.remind.claim = undefined;
    },
  };
}

/** The practice's due-day reminders of requests she has not answered (holds.ts: DueHold). */
function practiceReminders(
  held: Map<string, Held>,
  prune: (now: number) => void,
): Pick<HoldStore, 'claimReminders' | 'reminded'> {
  return {
    async claimReminders(until, now, claim) {
      prune(now.getTime());
      const due: DueHold[] = [];
      for (const [id, h] of held)
        if (!h.confirmed && h.sealed && (!h.reminded || h.reminded === claim) && h.expires <= until.getTime()) {
          h.reminded = claim;
          due.push({ id, service: h.service, start: h.start, end: h.end, sealed: h.sealed });
        }
      return due;
    },
    async reminded(id, claim, sent) {
      const h = held.get(id);
      if (h && h.reminded === claim) h.reminded = sent ? 'sent' : undefined;
    },
  };
}

export function memoryHolds(rules: HoldRules): HoldStore {
  const held = new Map<string, Held>();
  /** Confirmed sessions released, until they would have begun (holds.ts: HeldInterval's freed). */
  const freed = new Map<string, HeldInterval & { freed: true }>();
  const prune = (now: number) => {
    for (const [id, h] of held) if (h.expires <= now) held.delete(id);
    for (const [id, f] of freed) if (f.start.getTime() <= now) freed.delete(id);
  };
  return {
    describe: 'memory',
    async hold(hold, now) {
      prune(now.getTime());
      let mine = 0;
      for (const other of held.values()) if (other.visitor === hold.visitor) mine++;
      if (mine >= rules.perVisitor) return { result: 'waiting' };
      for (const other of held.values()) if (overlaps(hold, other)) return { result: 'taken' };
      const { id = randomUUID(), ...rest } = hold;
      held.set(id, { ...rest, expires: now.getTime() + ttlOf(rules, now) });
      return { result: 'held', id, release: async () => held.delete(id) || true };
    },
    async remember(id, sealed) {
      const h = held.get(id);
      if (h) h.sealed = sealed;
      return true;
    },
    /** The practitioner's decision overrides any overlap: her confirmed time is kept whatever else is held. */
    async keep(id, hold, until, now, remind) {
      prune(now.getTime());
      held.set(id, {
        ...hold,
        visitor: CONFIRMED,
        expires: until.getTime(),
        confirmed: true,
        ...(remind ? { remind } : {}),
      });
      return true;
    },
    async overlapping(id, hold, now) {
      prune(now.getTime());
      for (const [other, h] of held) if (other !== id && overlaps(hold, h)) return true;
      return false;
    },
    async release(id) {
      const h = held.get(id);
      if (h?.confirmed) freed.set(id, { service: h.service, start: h.start, end: h.end, freed: true });
      held.delete(id);
      return true;
    },
    async heldBy(hold, now) {
      prune(now.getTime());
      const same = (h: Held) => h.start.getTime() === hold.start.getTime() && h.end.getTime() === hold.end.getTime();
      return [...held.values()].some(
        (h) => !h.confirmed && h.visitor === hold.visitor && h.service === hold.service && same(h),
      );
    },
    async list(now): Promise<HeldInterval[]> {
      prune(now.getTime());
      return [...held.values()]
        .map(
          ({ service, start, end, confirmed }): HeldInterval => ({
            service,
            start,
            end,
            ...(confirmed ? { confirmed } : {}),
          }),
        )
        .concat([...freed.values()])
        .sort((a, b) => a.start.getTime() - b.start.getTime());
    },
    ...practiceReminders(held, prune),
    ...clientReminders(held, prune),
    state: () => 'memory',
  };
}
