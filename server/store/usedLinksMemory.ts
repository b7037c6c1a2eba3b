import type { HoldStore } from './holds';
import { claimOf, recordOf, recordTtl, standing, stateOf, type UsedLinks } from './usedLinks';

// The links' records in this process's memory (development, tests): the rules of usedLinks.ts,
// the hold changed through the memory holds. Nothing here can fail, so nothing is owed, and a
// claim needs no guard: a process that stops takes its memory with it.

export function memoryUsedLinks(holds: HoldStore): UsedLinks {
  const records = new Map<string, { value: string; expires: number }>();
  const claims = new Map<string, { value: string; expires: number }>();
  const live = (map: typeof records, id: string) => {
    const entry = map.get(id);
    if (entry && entry.expires <= Date.now()) map.delete(id);
    return map.get(id)?.value ?? null;
  };
  return {
    describe: 'memory',
    async begin(press) {
      const found = standing(press, live(records, press.id), live(claims, press.id));
      if (found) return found;
      claims.set(press.id, { value: claimOf(press), expires: Date.now() + recordTtl(press.session, press.at) });
      return { kind: 'claimed' };
    },
    async settle(press, change, final) {
      const value = recordOf(press, final);
      const ours = live(claims, press.id) === claimOf(press);
      if (!ours && live(records, press.id) !== value) return 'not-ours';
      if (change.kind === 'keep') await holds.keep(change.id, change.hold, change.until, press.at);
      else await holds.release(change.id, change.hold);
      records.set(press.id, { value, expires: Date.now() + recordTtl(press.session, press.at) });
      if (ours) claims.delete(press.id);
      return 'recorded';
    },
    async abandon(press) {
      if (claims.get(press.id)?.value === claimOf(press)) claims.delete(press.id);
    },
    async peek(id, now) {
      return stateOf(live(records, id), live(claims, id), now);
    },
    unfinished: () => 0,
    async close() {},
  };
}
