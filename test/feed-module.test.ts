import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// A capability in a folder of its own is one module: whatever lies outside its folder uses its
// index (index.ts) and none of its inner files, so that it can change inside without a caller
// noticing. The calendar feed (server/booking/feed/: readFeed, the bounds, the types), the client's
// own appointment (server/booking/manage/: her page and form, the appointment's state, her
// reminder), her own calendar kept by the site (server/booking/herCalendar/), the configuration
// (server/process/config/), and every folder of server/ that gets an
// index.ts later: found by the test, not listed. (server/process/index.ts is the program the
// Procfile runs, not a module's entry: process/ is a layer.) Every import and require of every
// source, script and test file is resolved and checked. (The build names feed/thread.ts as the
// thread's own entry: a file to run, not an import.)

const ROOT = path.join(__dirname, '..');
const FEED = path.join(ROOT, 'server', 'booking', 'feed');
const FOLDERS = ['client', 'content', 'server', 'views', 'scripts', 'test'];

/** Every folder below server/ with an index.ts, but process/ itself. */
function moduleFolders(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => {
      const full = path.join(dir, entry.name);
      return [...(existsSync(path.join(full, 'index.ts')) ? [full] : []), ...moduleFolders(full)];
    });
}
const MODULES = moduleFolders(path.join(ROOT, 'server')).filter((dir) => dir !== path.join(ROOT, 'server', 'process'));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'fixtures' ? [] : sources(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

/** The relative modules a file imports (import … from, import(), require(), export … from). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found = text.matchAll(/(?:from\s+|import\s*\(\s*|require\s*\(\s*|import\s+)['"](\.{1,2}\/[^'"]+)['"]/g);
  return [...found].map((m) => path.resolve(path.dirname(file), m[1] as string));
}

/** Whether a resolved module is one of a module folder's inner files (anything but its index). */
const innerOf = (folder: string) => (target: string) =>
  target.startsWith(`${folder}${path.sep}`) && path.basename(target).replace(/\.tsx?$/, '') !== 'index';
const inner = innerOf(FEED);

test("the modules are found: the feed, the client's appointment, her calendar and the configuration among them", () => {
  expect(MODULES.map((dir) => path.relative(ROOT, dir))).toEqual(
    expect.arrayContaining([
      'server/booking/feed',
      'server/booking/manage',
      'server/booking/herCalendar',
      'server/process/config',
    ]),
  );
});

const outsideOf = (folder: string) =>
  FOLDERS.flatMap((dir) => sources(path.join(ROOT, dir))).filter((file) => !file.startsWith(`${folder}${path.sep}`));

test.each(MODULES.map((dir) => [path.relative(ROOT, dir), dir]))(
  'nothing outside %s/ imports its inner files: only its index',
  (_, folder) => {
    const outside = outsideOf(folder);
    expect(outside.length).toBeGreaterThan(100);
    const offending = outside.flatMap((file) =>
      importsOf(file)
        .filter(innerOf(folder))
        .map((target) => `${path.relative(ROOT, file)} imports ${path.relative(ROOT, target)}`),
    );
    expect(offending).toEqual([]);
    // The callers do reach the module, through its index.
    const callers = outside.filter((file) =>
      importsOf(file).some((target) => target === folder || target === `${folder}/index`),
    );
    expect(callers.length).toBeGreaterThan(0);
  },
);

test.each([
  ['server/booking/feed', FEED, ['server/booking/calendar.ts', 'test/support/inlineFeed.ts']],
  [
    'server/booking/manage',
    path.join(ROOT, 'server', 'booking', 'manage'),
    ['server/booking/decision/decide.ts', 'server/http/app.ts', 'server/process/services.ts'],
  ],
  [
    'server/booking/herCalendar',
    path.join(ROOT, 'server', 'booking', 'herCalendar'),
    ['server/booking/manage/settle.ts', 'server/http/app.ts', 'server/process/services.ts'],
  ],
])('%s is reached through its index by its callers', (_, folder, expected) => {
  const callers = outsideOf(folder).filter((file) =>
    importsOf(file).some((target) => target === folder || target === `${folder}/index`),
  );
  expect(callers.map((file) => path.relative(ROOT, file))).toEqual(expect.arrayContaining(expected));
});

test('the check sees an inner import when there is one', () => {
  // The same resolution as above, on the shapes an inner import takes from outside the folder.
  const from = path.join(ROOT, 'server', 'booking', 'calendar.ts');
  expect(inner(path.resolve(path.dirname(from), './feed/sieve'))).toBe(true);
  expect(inner(path.resolve(path.dirname(from), './feed'))).toBe(false);
  expect(inner(path.resolve(path.dirname(from), './feed/index'))).toBe(false);
  expect(inner(path.resolve(path.join(ROOT, 'test'), '../server/booking/feed/thread'))).toBe(true);
});

test("docs/booking.md quotes the bounds' table as the code has it", () => {
  const table = (text: string) => /export const FEED_BOUNDS: FeedBounds = \{\n[\s\S]*?\n\};/.exec(text)?.[0];
  const code = table(readFileSync(path.join(FEED, 'bounds.ts'), 'utf8'));
  expect(code).toContain('heapMb: 32');
  expect(table(readFileSync(path.join(ROOT, 'docs', 'booking.md'), 'utf8'))).toBe(code);
});
