import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';

// Measuring a server from outside, for the benches and the soak: one response as sent, and a
// process's CPU time and resident memory as Linux's /proc gives them (undefined/null elsewhere).

/** What Chrome, Firefox and Safari send. */
export const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };

/** One response as sent (fetch would decompress it): its coding, body and time. */
export function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; encoding: string; body: Buffer; ms: number }>((resolve, reject) => {
    const start = performance.now();
    http
      .get(url, { headers }, async (res) => {
        const chunks: Buffer[] = [];
        for await (const chunk of res) chunks.push(chunk as Buffer);
        resolve({
          status: res.statusCode ?? 0,
          encoding: res.headers['content-encoding'] ?? 'identity',
          body: Buffer.concat(chunks),
          ms: performance.now() - start,
        });
      })
      .on('error', reject);
  });
}

const ticksPerSecond = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' })) || 100;
  } catch {
    return 100;
  }
})();

/**
 * CPU time a process has used, in µs. Unlike requests/s, it hardly moves when other work on the
 * machine takes the cores, so it shows what a response costs the server even on a busy machine.
 */
export function cpuUs(pid: number | undefined): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / ticksPerSecond;
  } catch {
    return undefined;
  }
}

/** A process's resident memory (RSS) in kB. */
export function rssKb(pid: number): number | null {
  try {
    const m = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

/** A process's children (a cluster primary's workers). */
export function childPids(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** The middle value (the mean of the two middle ones for an even count). */
export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}
