import { mkdirSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { checked, commit, DEVELOPER, EDITOR, forget, git, inRepo, run, useRepository } from './support/editorPaths';

// The workflow's editor-paths check (decision 0054), its variations (one of each kind is in
// test/editor-paths.test.ts): every kind of path her editor may not change, CODE_PUSHERS unset,
// a forced push, a push with [skip ci], how a developer clears a refused change, the first run.

const repository = useRepository();

describe("the editor-paths check: her editor's pushes", () => {
  test('her words, facts and pictures pass', () => {
    commit({
      'content/da/home.json': '{"hero":"Velkommen til"}\n',
      'content/facts/prices.json': '{"par":2500}\n',
      'content/images/clinic/venterum.jpg': 'jpeg',
      'content/images/portrait.png': 'png',
    });
    expect(run({ actor: EDITOR, before: repository.base })).toMatchObject({ ok: true });
  });

  test('anything else is refused, naming it: code, the package, content that is code, a picture that is not one, a link', () => {
    const changes: Record<string, string>[] = [
      { 'server/app.ts': 'process.exit(1);\n' },
      { 'package.json': '{"scripts":{"postinstall":"curl evil"}}\n' },
      { 'content/practice.ts': 'export const practice = { evil: true };\n' },
      { 'content/images/clinic/x.js': 'alert(1)' },
      { '.github/scripts/x.sh': 'echo' },
      { 'content/da/../../server/x.json': '{}' },
    ];
    for (const change of changes) {
      git('reset', '-q', '--hard', repository.base);
      commit(change);
      const { ok, said } = run({ actor: EDITOR, before: repository.base });
      const [file] = Object.keys(change) as [string];
      expect({ file, ok }).toEqual({ file, ok: false });
      expect(said).toContain(`${EDITOR} may change only the editor's paths`);
      expect(said).toContain(path.normalize(file));
    }
    git('reset', '-q', '--hard', repository.base);
    mkdirSync(inRepo('content/images'));
    symlinkSync('../../server/app.ts', inRepo('content/images/portrait.png'));
    commit({});
    expect(run({ actor: EDITOR, before: repository.base }).said).toContain('content/images/portrait.png');
  });

  test('without CODE_PUSHERS nobody may change code: the check fails closed', () => {
    commit({ 'server/app.ts': 'export const x = 1;\n' });
    expect(run({ actor: DEVELOPER, before: repository.base, codePushers: '' })).toMatchObject({ ok: false });
    expect(run({ actor: DEVELOPER, before: repository.base, codePushers: 'someone, Lead-Dev' })).toMatchObject({
      ok: true,
    });
  });

  test('she may not rewrite main, nor vouch for it', () => {
    const content = commit({ 'content/da/home.json': '{"hero":"Hej"}\n' });
    expect(run({ actor: EDITOR, before: content, after: repository.base, forced: true }).said).toContain(
      'rewrote main',
    );
    expect(run({ actor: EDITOR, event: 'workflow_dispatch' }).said).toContain('is not in CODE_PUSHERS');
  });
});

describe('what a push stands on', () => {
  test("a developer's push on a commit the check refused is refused too, until a developer removes it or vouches for it", () => {
    const intruder = commit({ 'server/app.ts': 'steal();\n' });
    checked(intruder, 'failure');
    expect(run({ actor: EDITOR, before: repository.base, after: intruder }).ok).toBe(false);
    const mine = commit({ 'server/other.ts': 'export {};\n' });
    const refused = run({ actor: DEVELOPER, before: intruder, after: mine });
    expect(refused.ok).toBe(false);
    expect(refused.said).toContain('main holds changes this check never passed');
    expect(refused.said).toContain('server/app.ts');
    expect(refused.said).not.toContain('server/other.ts');
    // Her next save on top of it: refused as well.
    const save = commit({ 'content/da/home.json': '{"hero":"Hej"}\n' });
    expect(run({ actor: EDITOR, before: mine, after: save }).ok).toBe(false);
    // A revert alone does not clear it: what the check never passed is still under it.
    git('revert', '--no-edit', intruder);
    expect(run({ actor: DEVELOPER, before: save, after: git('rev-parse', 'HEAD') }).ok).toBe(false);
    // Removing it does: main forced back to the last checked commit.
    git('reset', '-q', '--hard', repository.base);
    const again = commit({ 'server/other.ts': 'export {};\n' });
    expect(run({ actor: DEVELOPER, before: save, after: again, forced: true })).toMatchObject({ ok: true });
    // So does a developer who read it and runs the workflow by hand.
    expect(run({ actor: DEVELOPER, event: 'workflow_dispatch', after: save })).toMatchObject({ ok: true });
  });

  test('a push with [skip ci] (never checked) counts as refused under the next one', () => {
    const skipped = commit({ 'server/app.ts': 'steal();\n' });
    const save = commit({ 'content/da/home.json': '{"hero":"Hej"}\n' });
    expect(run({ actor: EDITOR, before: skipped, after: save }).said).toContain('server/app.ts');
    // Content pushed without a check is no harm: her words pass, under her or a developer.
    git('reset', '-q', '--hard', repository.base);
    const words = commit({ 'content/da/home.json': '{"hero":"Hej"}\n' });
    const next = commit({ 'content/facts/prices.json': '{"par":2600}\n' });
    expect(run({ actor: EDITOR, before: words, after: next })).toMatchObject({ ok: true });
  });

  test('the first run on a main the check never saw: a developer vouches, her editor waits', () => {
    forget(repository.base);
    const code = commit({ 'server/app.ts': 'export const y = 2;\n' });
    expect(run({ actor: DEVELOPER, before: repository.base, after: code }).said).toContain(
      'the check has not run on main before',
    );
    expect(run({ actor: EDITOR, before: repository.base, after: commit({ 'content/da/home.json': '{}\n' }) }).ok).toBe(
      false,
    );
  });
});
