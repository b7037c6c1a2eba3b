import type { HoldStore } from './holds';
import { claimOf, noteOf, recordOf, recordTtl, standing, type UsedLinks } from './usedLinks';

// The links' records in this process's memory (development, tests): the rules of usedLinks.ts,
// the holds changed through the memory holds. Nothing here can fail, so nothing is owed, and a
// claim needs no guard: a process that stops takes its memory with it.

interface Entry {
  value: string;
  expires: number;
}

export function memoryUsedLinks(holds: HoldStore): UsedLinks {
  const records = new Map<string, Entry>();
  const claims = new Map<string, Entry>();
  const notes = new Map<string, Entry>();
  const live = (map: Map<string, Entry>, id: string) => {
    const entry = map.get(id);
    if (entry && entry.expires <= Date.now()) map.delete(id);
    return map.get(id)?.value ?? null;
  };
  const stored = (id: string) => [live(records, id), live(claims, id), live(notes, id)] as const;
  return {
    describe: 'memory',
    async begin(press) {
      const found = standing(press, ...stored(press.id));
      if (found) return found;
      claims.set(press.id, { value: claimOf(press), expires: Date.now() + recordTtl(press.session, press.at) });
      return { kind: 'claimed', value: live(records, press.id) };
    },
    async settle(press, s, final = true) {
      const ours = live(claims, press.id) === claimOf(press);
      if (!ours && live(records, press.id) !== s.value) return 'not-ours';
      for (const change of s.holds)
        if (change.kind === 'keep') await holds.keep(change.id, change.hold, change.until, press.at, change.remind);
        else await holds.release(change.id, change.hold);
      const expires = Date.now() + recordTtl(s.session, press.at);
      records.set(press.id, { value: s.value, expires });
      if (s.also) records.set(s.also.id, { value: s.also.value, expires });
      if (final) notes.delete(press.id);
      else notes.set(press.id, { value: noteOf(press), expires });
      if (ours) claims.delete(press.id);
      return 'recorded';
    },
    async abandon(press) {
      if (claims.get(press.id)?.value === claimOf(press)) claims.delete(press.id);
    },
    async peek(id, now) {
      return recordOf(...stored(id), now);
    },
    unfinished: () => 0,
    async close() {},
  };
}
