import { readFileSync } from 'node:fs';
import type { BuiltServer, LogLine } from './builtServer';
import { send } from './builtServer';

// Watching the built server while it reads a large calendar feed: requests at a steady pace, each
// over a connection of its own (so that every worker process gets some), with how long each took;
// the resident memory of a process; and the feed reads its processes logged (LOG_LEVEL=debug).

export interface Probe {
  /** Stops asking and resolves with every answer, once those in flight have come. */
  stop(): Promise<{ path: string; status: number; ms: number }[]>;
}

/** Asks `paths` in turn, one every `everyMs`, whether or not the last has been answered. */
export function probe(port: number, paths: { path: string; headers?: Record<string, string> }[], everyMs = 50): Probe {
  const pending: Promise<{ path: string; status: number; ms: number }>[] = [];
  let i = 0;
  const timer = setInterval(() => {
    const { path, headers } = paths[i++ % paths.length] as (typeof paths)[number];
    pending.push(
      send(port, 'GET', path, { headers }).then(
        (a) => ({ path, status: a.status, ms: a.ms }),
        () => ({ path, status: 0, ms: Number.POSITIVE_INFINITY }),
      ),
    );
  }, everyMs);
  return {
    stop: async () => {
      clearInterval(timer);
      return Promise.all(pending);
    },
  };
}

/** A process's resident memory now and at its peak (VmRSS, VmHWM), in MB; null once it is gone. */
export function memoryMb(pid: number): { rss: number; peak: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? Number.NaN);
    return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
  } catch {
    return null;
  }
}

/** The processes `pid` has started that are still running (Linux). */
export function childPids(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/**
 * Watches the processes `pid` starts (the feed's parser) and keeps the highest resident memory any
 * reached, and the highest of `pid`'s and its children's together at one moment.
 */
export function watchChildren(pid: number, everyMs = 100) {
  let peak = 0;
  let together = 0;
  const timer = setInterval(() => {
    let sum = memoryMb(pid)?.rss || 0;
    // A process that has just exited has no memory figures left (NaN): skipped.
    for (const child of childPids(pid)) {
      const m = memoryMb(child);
      peak = Math.max(peak, m?.peak || 0);
      sum += m?.rss || 0;
    }
    together = Math.max(together, sum);
  }, everyMs);
  return {
    /** The highest so far, in MB, and starts again. */
    take() {
      const value = peak;
      peak = 0;
      return value;
    },
    /** The highest of the process and its children together so far, in MB, and starts again. */
    takeTogether() {
      const value = together;
      together = 0;
      return value;
    },
    stop: () => clearInterval(timer),
  };
}

export interface FeedRead {
  pid: number;
  /** When it ended (the log line's time, ms). */
  time: number;
  /** How long it took, ms. */
  ms: number;
  /** false: the provider said the feed had not changed (304), so it was not parsed. */
  changed: boolean;
}

/** Every successful feed read the server's processes have logged so far (first reads and refreshes). */
export function feedReads(server: BuiltServer): FeedRead[] {
  return server
    .lines()
    .filter((l): l is LogLine & { pid: number; time: number; booking: { ms: number; changed: boolean } } => {
      const b = l.booking as { ms?: unknown } | undefined;
      return typeof b?.ms === 'number' && typeof l.pid === 'number';
    })
    .map((l) => ({ pid: l.pid, time: l.time, ms: l.booking.ms, changed: l.booking.changed }));
}

/** The processes that serve requests: those that logged 'listening'. */
export function servingPids(server: BuiltServer): number[] {
  return [
    ...new Set(
      server
        .lines()
        .filter((l) => typeof l.port === 'number' && typeof l.pid === 'number')
        .map((l) => l.pid as number),
    ),
  ];
}
