import lock from '../package-lock.json';
import pkg from '../package.json';

// The install as the operator's host and the next npm see it (issue 48): npm 11 ends every install
// with "N packages have install scripts not yet covered by allowScripts", and npm 12 skips such
// scripts. package.json's allowScripts decides each one the lockfile marks (hasInstallScript); a
// denied one must not be needed: its binary for this platform comes as an optional dependency, and
// its script only checks that (or builds from source, or fetches a fallback). .ci/run's `npm ci`
// and the whole suite after it run with the denied scripts skipped.

const packageName = (lockPath: string) =>
  lockPath.slice(lockPath.lastIndexOf('node_modules/') + 'node_modules/'.length);

const withScripts = Object.entries(
  lock.packages as Record<string, { hasInstallScript?: boolean; optionalDependencies?: object }>,
)
  .filter(([, entry]) => entry.hasInstallScript)
  .map(([lockPath, entry]) => ({ name: packageName(lockPath), entry }));
const decided = pkg.allowScripts as Record<string, boolean>;

test('every package with an install script in the lockfile is approved or denied in allowScripts, and nothing else is named', () => {
  expect(withScripts.length).toBeGreaterThan(0);
  expect(Object.keys(decided).sort()).toEqual([...new Set(withScripts.map((p) => p.name))].sort());
  for (const value of Object.values(decided)) expect(typeof value).toBe('boolean');
});

test('a denied install script is not needed: the package brings its platform binary as an optional dependency', () => {
  for (const { name, entry } of withScripts.filter((p) => decided[p.name] === false))
    expect({ name, optional: Object.keys(entry.optionalDependencies ?? {}).length > 0 }).toEqual({
      name,
      optional: true,
    });
});
