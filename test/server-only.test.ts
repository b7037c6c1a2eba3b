import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// views/ is code for both sides, except files named *.server.ts(x) (as React Router names them):
// those run on the server only (the booking steps' HTML, libphonenumber-js). No file the browser
// may load, client/ or views/ outside such a file, imports one.

const ROOT = path.join(__dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

const serverOnly = (file: string) => /\.server(\.tsx?)?$/.test(file);

/** The relative modules a file imports (import … from, import(), export … from). */
const importsOf = (file: string) =>
  [...readFileSync(file, 'utf8').matchAll(/(?:from\s+|import\s*\(\s*|import\s+)['"](\.{1,2}\/[^'"]+)['"]/g)].map((m) =>
    path.resolve(path.dirname(file), m[1] as string),
  );

test('no code for the browser imports a *.server module', () => {
  const both = ['client', 'views'].flatMap((folder) => sources(path.join(ROOT, folder))).filter((f) => !serverOnly(f));
  expect(both.length).toBeGreaterThan(50);
  const offending = both.flatMap((file) =>
    importsOf(file)
      .filter(serverOnly)
      .map((target) => `${path.relative(ROOT, file)} imports ${path.relative(ROOT, target)}`),
  );
  expect(offending).toEqual([]);
  // The server does use them, so the check looks at real names.
  expect(importsOf(path.join(ROOT, 'server', 'booking', 'stepsView.tsx')).some(serverOnly)).toBe(true);
});
