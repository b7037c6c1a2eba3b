import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SERVER_TARGET } from '../scripts/build';
import { checkNode, requiredNodeMajor } from './support/nodeVersion';

// One Node everywhere: what a host installs (package.json "engines"), what a developer's version
// manager picks (.nvmrc for nvm, .node-version for fnm/nodenv/asdf and most hosts), what the
// server is compiled for, the types the code is checked against, and what CI tests on.

const ROOT = path.resolve(__dirname, '..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
const major = requiredNodeMajor();

test('engines, .nvmrc, .node-version, the build target and @types/node name the same major', () => {
  expect(major).toBeGreaterThanOrEqual(26);
  // A version manager reads the first line: "26" or "26.x.y" are both that major.
  for (const file of ['.nvmrc', '.node-version'])
    expect(`${file}: ${read(file).trim().split('.')[0]}`).toBe(`${file}: ${major}`);
  expect(SERVER_TARGET).toBe(`node${major}`);
  const pkg = JSON.parse(read('package.json')) as { devDependencies: Record<string, string> };
  expect(pkg.devDependencies['@types/node']).toMatch(new RegExp(`^\\^${major}\\.`));
});

test('CI refuses another major with one line; a developer gets a warning and the tests run', () => {
  const other = `v${major - 6}.20.2`;
  const onCi = checkNode(other, true);
  expect(onCi).toEqual({
    refuse: expect.stringContaining(`Node ${other} is running the tests, but the site runs on Node ${major}`),
  });
  expect(onCi && 'refuse' in onCi && onCi.refuse).not.toContain('\n');
  expect(checkNode(other, false)).toEqual({ warn: expect.stringContaining(`Node ${major}`) });
  expect(checkNode(`v${major}.0.0`, true)).toBeNull();
  expect(checkNode(`${major + 1}.1.0`, true)).toEqual({ refuse: expect.any(String) });
});
