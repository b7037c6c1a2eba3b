import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../scripts/builtServer';

// The repository's CI (issues 48 and 51): GitHub Actions runs .ci/run, which runs the README's
// test commands, on every push to main and every pull request, and the editor-paths check
// (test/editor-paths.test.ts); the workflow deploys main only once both passed (decision 0054).

const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
const workflow = read('.github/workflows/ci.yml');

test('the workflow runs .ci/run on a push to main and on every pull request, in Debian', () => {
  expect(workflow).toMatch(/^on:\n {2}push:\n {4}branches: \[main\]\n {2}pull_request:\n/m);
  expect(workflow).toMatch(/^ {8}run: \.ci\/run$/m);
  expect(workflow).toMatch(/^ {6}image: debian:bookworm$/m);
  expect(workflow).not.toMatch(/\t/);
});

test(".ci/run runs the README's test commands", () => {
  const block = /## Two commands\n\n```sh\n([\s\S]*?)```/.exec(read('README.md'))?.[1] ?? '';
  const commands = block
    .split('\n')
    .map((line) => line.replace(/#.*/, '').trim())
    .filter((line) => /^npm (test|run test:slow)$/.test(line));
  expect(commands).toEqual(['npm test', 'npm run test:slow']);
  for (const command of commands) expect(read('.ci/run')).toMatch(new RegExp(`^CI=true ${command}$`, 'm'));
});

test('the deploy waits for the editor-paths check and the tests; the check runs nothing from the repository and no newer push cancels it', () => {
  expect(workflow).toMatch(/^ {2}deploy:\n {4}needs: \[editor-paths, test\]\n/m);
  const check = workflow.slice(workflow.indexOf('\n  editor-paths:'), workflow.indexOf('\n  test:'));
  expect(check).toContain("- name: The editor's pushes change the editor's paths only");
  // Only git and gh: no script, package or program of the repository, which her App may change.
  expect(check).not.toMatch(/\.ci\/|\bnpm\b|\bnpx\b|\bnode\b|\.\/|\bsource\b|\bbash [\w./]/);
  expect(workflow.slice(0, workflow.indexOf('\njobs:'))).not.toContain('concurrency');
  expect(check).not.toContain('concurrency');
});
