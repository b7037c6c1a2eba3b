import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../scripts/builtServer';

// Every docs/… path the code names (a comment, a message, a test) exists: a reader sent to a
// page that is not there (scripts/dev.ts named an editor page docs/ never had) is left with
// nothing. The repository's own files, as git has them; links inside docs/ are not checked here.

const CODE =
  /^(?:server|scripts|test|views|client|content|editor|bench|\.ci|\.github)\/|^[^/]+\.(?:json|js|ts)$|^Procfile$/;
/** A docs path: up to its file name's extension, never an anchor. */
const DOC_PATH = /\bdocs\/[\w./-]*?\.(?:md|ics|png|jpg|svg)\b/g;

test('every docs/ path named in the code, the scripts and the tests exists', () => {
  const files = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' })
    .split('\n')
    .filter((file) => CODE.test(file) && /\.(?:ts|tsx|js|mjs|json|yml|yaml|sh)$|^\.ci\/run$|^Procfile$/.test(file));
  expect(files.length).toBeGreaterThan(200);
  const missing: string[] = [];
  let named = 0;
  for (const file of files) {
    const text = readFileSync(path.join(ROOT, file), 'utf8');
    for (const [docPath] of text.matchAll(DOC_PATH)) {
      named += 1;
      if (!existsSync(path.join(ROOT, docPath))) missing.push(`${file}: ${docPath}`);
    }
  }
  expect(named).toBeGreaterThan(50);
  expect(missing).toEqual([]);
});
