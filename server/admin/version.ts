import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { RequestHandler } from 'express';

// The commit the running site was built from, for the owner's live page (/admin/live/, which
// finds it among the repository's commits her login can read). The build writes it
// (dist/version.json, scripts/build.ts); the page is told its SHA-256 only, so that whoever asks
// without access to the repository learns nothing they could look up.

export const VERSION_FILE = 'version.json';

/** The commit in `distDir`'s version file, or null when the build could not tell. */
export function builtCommit(distDir: string): string | null {
  try {
    const { commit } = JSON.parse(readFileSync(path.join(distDir, VERSION_FILE), 'utf8')) as { commit?: unknown };
    return typeof commit === 'string' && /^[0-9a-f]{40}$/.test(commit) ? commit : null;
  } catch {
    return null;
  }
}

/** GET /admin/version: `{ "build": <sha256 of the commit> | null }`, never cached. */
export function version(distDir: string): RequestHandler {
  const commit = builtCommit(distDir);
  const build = commit && createHash('sha256').update(commit).digest('hex');
  return (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ build });
  };
}
