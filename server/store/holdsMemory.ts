import { randomUUID } from 'node:crypto';
import { overlaps, ttlOf, type DueHold, type Hold, type HeldInterval, type HoldRules, type HoldStore } from './holds';

// Booking's holds in this process's memory: development and tests (server/store/holds.ts).

interface Held extends Hold {
  expires: number;
  confirmed?: true;
  /** The sealed request once mailed, for the due-day reminder's links; reminded: the claim on its reminder, or 'sent'. */
  sealed?: string;
  reminded?: string;
}

/** Whom a confirmed hold is for: nobody who could request again, so it counts against no visitor. */
const CONFIRMED = '';

export function memoryHolds(rules: HoldRules): HoldStore {
  const held = new Map<string, Held>();
  const prune = (now: number) => {
    for (const [id, h] of held) if (h.expires <= now) held.delete(id);
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
    async keep(id, hold, until, now) {
      prune(now.getTime());
      held.set(id, { ...hold, visitor: CONFIRMED, expires: until.getTime(), confirmed: true });
      return true;
    },
    async overlapping(id, hold, now) {
      prune(now.getTime());
      for (const [other, h] of held) if (other !== id && overlaps(hold, h)) return true;
      return false;
    },
    async release(id) {
      held.delete(id);
      return true;
    },
    async list(now): Promise<HeldInterval[]> {
      prune(now.getTime());
      return [...held.values()]
        .map(({ service, start, end, confirmed }) => ({ service, start, end, ...(confirmed ? { confirmed } : {}) }))
        .sort((a, b) => a.start.getTime() - b.start.getTime());
    },
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
    state: () => 'memory',
  };
}
