import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { ROOT } from '../../scripts/builtServer';

// The workflow's editor-paths check (.github/workflows/ci.yml, decision 0054) in tests: its own
// script as the workflow has it, run by bash on a real git repository made for each test (one
// commit of content and code on main, which the check passed), with GitHub's record of earlier
// checks from a stand-in `gh` that answers from files (filtered by jq, as gh's --jq does).

const workflow = readFileSync(path.join(ROOT, '.github/workflows/ci.yml'), 'utf8');

/** The step's script: the `run: |` block under its name, unindented. */
function guardScript(): string {
  const step = workflow.indexOf("- name: The editor's pushes change the editor's paths only");
  const block = /\n {8}run: \|\n((?: {10}.*\n|\n)+)/.exec(workflow.slice(step))?.[1] ?? '';
  return block
    .split('\n')
    .map((line) => line.slice(10))
    .join('\n');
}

export const DEVELOPER = 'lead-dev';
export const EDITOR = 'sara-psykolog';
const ZERO = '0'.repeat(40);

let dir: string;
let repo: string;
let checks: string;
let bin: string;

export const git = (...args: string[]) =>
  execFileSync('git', args, {
    cwd: repo,
    encoding: 'utf8',
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 'Test',
      GIT_AUTHOR_EMAIL: 'test@example.dk',
      GIT_COMMITTER_NAME: 'Test',
      GIT_COMMITTER_EMAIL: 'test@example.dk',
    },
  }).trim();

/** A commit on main with these files written (null: deleted); its sha. */
export function commit(files: Record<string, string | null>): string {
  for (const [file, text] of Object.entries(files)) {
    const full = path.join(repo, file);
    if (text === null) rmSync(full);
    else {
      mkdirSync(path.dirname(full), { recursive: true });
      writeFileSync(full, text);
    }
  }
  git('add', '-A');
  git('commit', '-q', '--allow-empty', '-m', 'change');
  return git('rev-parse', 'HEAD');
}

/** GitHub's record: this check ran on `sha` with this conclusion. */
export function checked(sha: string, conclusion: 'success' | 'failure' = 'success') {
  writeFileSync(
    path.join(checks, `${sha}.json`),
    JSON.stringify({
      total_count: 1,
      check_runs: [{ name: 'editor-paths', status: 'completed', conclusion, app: { slug: 'github-actions' } }],
    }),
  );
}

/** GitHub has no record of the check on `sha`. */
export const forget = (sha: string) => rmSync(path.join(checks, `${sha}.json`));

/** A path in the test's repository. */
export const inRepo = (file: string) => path.join(repo, file);

interface Push {
  actor: string;
  before?: string;
  after?: string;
  event?: 'push' | 'workflow_dispatch';
  forced?: boolean;
  codePushers?: string;
}

/** The step as GitHub runs it for this push; its exit code and the line it said. */
export function run({
  actor,
  before = ZERO,
  after = git('rev-parse', 'HEAD'),
  event = 'push',
  forced = false,
  codePushers = DEVELOPER,
}: Push) {
  const result = spawnSync('bash', ['-c', guardScript()], {
    cwd: repo,
    encoding: 'utf8',
    env: {
      PATH: `${bin}:${process.env.PATH}`,
      FAKE_CHECKS: checks,
      REPO: 'praksis/hjemmeside',
      EVENT: event,
      ACTOR: actor,
      BEFORE: before,
      AFTER: after,
      FORCED: String(forced),
      CODE_PUSHERS: codePushers,
      EDITOR_PATHS_POLL_SECONDS: '0',
    },
  });
  return { ok: result.status === 0, said: `${result.stdout}${result.stderr}`.trim() };
}

/** The repository's first commit, which the check passed; a new repository for every test of the file that calls this. */
export function useRepository(): { readonly base: string } {
  let base = '';
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'editor-paths-'));
    repo = path.join(dir, 'repo');
    checks = path.join(dir, 'checks');
    bin = path.join(dir, 'bin');
    for (const d of [repo, checks, bin]) mkdirSync(d);
    // `gh api repos/…/commits/<sha>/check-runs?… --jq <filter>`: the check runs GitHub has for that commit, filtered as gh does.
    writeFileSync(
      path.join(bin, 'gh'),
      '#!/bin/bash\nsha=$(echo "$2" | sed -E \'s#.*/commits/([0-9a-f]+)/check-runs.*#\\1#\')\n' +
        '{ cat "$FAKE_CHECKS/$sha.json" 2>/dev/null || echo \'{"total_count":0,"check_runs":[]}\'; } | jq -r "$4"\n',
    );
    chmodSync(path.join(bin, 'gh'), 0o755);
    git('init', '-q', '-b', 'main');
    base = commit({
      'content/da/home.json': '{"hero":"Velkommen"}\n',
      'content/facts/prices.json': '{"par":2400}\n',
      'content/practice.ts': 'export const practice = {};\n',
      'server/app.ts': 'export {};\n',
      'package.json': '{}\n',
    });
    checked(base);
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  return {
    get base() {
      return base;
    },
  };
}
