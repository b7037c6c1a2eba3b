import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../scripts/builtServer';

// The repository's CI (issue 48): GitHub Actions runs .ci/run, which runs the README's test
// commands, on every push to main and every pull request; the host deploys main only once it passed.

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
