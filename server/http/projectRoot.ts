import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The project's folder (where package.json is), found from this file's place: server/http/ when
 * run from source (tsx, jest), dist/ when bundled into dist/server.js.
 */
function findRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) return path.resolve(from, '..');
  }
}

export const PROJECT_ROOT = findRoot(__dirname);
