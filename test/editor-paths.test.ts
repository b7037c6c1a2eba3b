import { checked, commit, DEVELOPER, EDITOR, run, useRepository } from './support/editorPaths';

// The workflow's editor-paths check (.github/workflows/ci.yml, decision 0054) on real git
// histories (test/support/editorPaths.ts): a push by her editor (anyone not in CODE_PUSHERS) that
// changes anything but her words, facts and pictures is refused, and so is any push, a
// developer's too, on top of a main with a change the check refused. The variations:
// test/editor-paths.slow.test.ts.

const repository = useRepository();

test('her words pass; her editor changing code is refused, naming the file', () => {
  const { base } = repository;
  const words = commit({ 'content/da/home.json': '{"hero":"Velkommen til"}\n', 'content/images/portrait.jpg': 'jpeg' });
  expect(run({ actor: EDITOR, before: base })).toMatchObject({ ok: true });
  commit({ 'server/app.ts': 'process.exit(1);\n' });
  const { ok, said } = run({ actor: EDITOR, before: words });
  expect(ok).toBe(false);
  expect(said).toContain(
    `${EDITOR} may change only the editor's paths (content/<da|en|fa|facts>/*.json, content/images/), and this push changes: server/app.ts`,
  );
});

test("a developer's push on top of a change the check refused is refused too, naming what is under it", () => {
  const intruder = commit({ 'server/app.ts': 'steal();\n' });
  checked(intruder, 'failure');
  commit({ 'server/other.ts': 'export {};\n' });
  const { ok, said } = run({ actor: DEVELOPER, before: intruder });
  expect(ok).toBe(false);
  expect(said).toContain(
    'main holds changes this check never passed (refused, or pushed with [skip ci]): server/app.ts.',
  );
});
