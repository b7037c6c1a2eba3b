import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import type { Field } from '../content/schema/fields';
import { factFiles, languageFiles, practitionerFiles } from '../content/schema/files';
import { editorLayout } from '../content/schema/layout';
import { practice } from '../content/practice';
import { NO_ANSWER, withDanishNetworkErrors } from '../editor/site/offline';
import { registerContentFormats } from '../editor/site/formats';
import { problem, typed, WHOLE_NUMBER } from '../editor/site/wholeNumber';
import { CDN, rewriteScript, VENDOR_PATH } from '../scripts/editor';
import { committedConfig, contentFiles, editorConfig, editorConfigText } from '../scripts/editorConfig';
import { ConfigError, loadConfig } from '../server/process/config';
import { builtCommit } from '../server/admin';
import { DIST_DIR } from '../server/http/render';
import { routes } from '../views/routes';
import { makeApp } from './support/app';
import { TEST_LOGIN } from './support/editorLogin';

// The owner's editor (decision 0045): its configuration made from content's declarations
// (content/schema/files.ts, decision 0047), its script without a CDN, its headers, its host, and
// the public pages that know nothing of it.

const ADMIN_DIR = path.join(DIST_DIR, 'public', 'admin');
const PINNED = path.join(__dirname, '..', 'node_modules', '@sveltia', 'cms');

type Widget = {
  name: string;
  widget: string;
  hint?: string;
  i18n?: boolean | 'duplicate';
  fields?: Widget[];
  field?: Widget;
  types?: Widget[];
  pattern?: [string, string];
};

/** Every key path of a declaration ('hero.lead', 'testimonials.items.author') with its hint; a policy paragraph's kinds' fields under the paragraph. */
function declared(field: Field, at: string, out: Map<string, string | undefined>): Map<string, string | undefined> {
  if (at) out.set(at, field.hint);
  const of = field.kind === 'list' ? field.of : field;
  if (of.kind === 'group')
    for (const [key, sub] of Object.entries(of.fields)) declared(sub, at ? `${at}.${key}` : key, out);
  if (of.kind === 'oneOf')
    for (const shape of Object.values(of.of))
      for (const [key, sub] of Object.entries(shape.fields)) declared(sub, `${at}.${key}`, out);
  if (field.kind === 'map') for (const key of Object.keys(field.keys)) declared(field.of, `${at}.${key}`, out);
  return out;
}

/** Every key path of the configuration's fields, with the hint the editor shows and whether it is translated. */
function configured(widgets: Widget[], at: string, out: Map<string, Widget>): Map<string, Widget> {
  for (const w of widgets) {
    const here = at ? `${at}.${w.name}` : w.name;
    out.set(here, w);
    if (w.fields) configured(w.fields, here, out);
    for (const type of w.types ?? []) configured(type.fields ?? [], here, out);
  }
  return out;
}

/** Whether the field at `path` under `field` is the same in every language. */
function sameAt(field: Field, path: string[]): boolean {
  const [key, ...rest] = path;
  if (key === undefined) return !!field.same;
  const of = field.kind === 'list' ? field.of : field;
  const subs =
    of.kind === 'group'
      ? [of.fields[key]]
      : of.kind === 'oneOf'
        ? Object.values(of.of).map((shape) => shape.fields[key])
        : of.kind === 'map'
          ? [of.of]
          : [];
  return subs.some((sub) => sub !== undefined && sameAt(sub, rest));
}

describe("the editor's configuration", () => {
  const config = editorConfig();
  const [words, practitioner, facts] = config.collections as unknown as {
    files: { name: string; file: string; fields: Widget[] }[];
  }[];

  test('the committed editor/config.yml is what `npm run editor-config` makes from content/schema/', () => {
    expect(committedConfig()).toBe(editorConfigText());
  });

  test('the three languages side by side, Danish first, each page in content/<lang>/', () => {
    expect(config.i18n).toEqual({ structure: 'multiple_folders', locales: ['da', 'en', 'fa'], default_locale: 'da' });
    expect(words!.files.map((f) => f.file)).toContain('content/{{locale}}/prices.json');
  });

  const files = [
    ...Object.entries(languageFiles).map(([name, field]) => ({ name, field: field as Field, collection: words! })),
    ...Object.entries(practitionerFiles).map(([name, field]) => ({
      name,
      field: field as Field,
      collection: practitioner!,
    })),
    ...Object.entries(factFiles).map(([name, field]) => ({ name, field: field as Field, collection: facts! })),
  ];

  test("every declared field is in the editor under its own name, with its hint (the privacy policy's paragraphs by their kinds)", () => {
    for (const { name, field, collection } of files) {
      const shown = configured(collection.files.find((f) => f.name === name)!.fields, '', new Map());
      const fields = declared(field, '', new Map());
      expect({ name, paths: [...shown.keys()].sort() }).toEqual({ name, paths: [...fields.keys()].sort() });
      for (const [at, hint] of fields)
        if (hint)
          expect({ name, at, hint: shown.get(at)?.hint }).toEqual({ name, at, hint: expect.stringContaining(hint) });
    }
    // A hint she reads, from the declaration: where the field appears.
    const prices = words!.files.find((f) => f.name === 'prices')!;
    expect(configured(prices.fields, '', new Map()).get('cancellationButton')?.hint).toBe(
      'Knappen øverst, der springer ned til afbudsreglerne.',
    );
  });

  test('each file says what it holds, and each of its fields where it appears', () => {
    for (const { name, field } of files) {
      if (field.kind !== 'group') throw new Error(`${name}: a content file is a group of fields`);
      const unsaid = Object.entries(field.fields).flatMap(([key, f]) => (f.hint ? [] : [key]));
      expect({ name, hint: !!field.hint, unsaid }).toEqual({ name, hint: true, unsaid: [] });
    }
  });

  test('every field of a language file is translated, at every depth, or copied from the Danish where it is the same in every language; her own texts and the facts are shown once', () => {
    for (const { name, collection, field } of files) {
      const shown = configured(collection.files.find((f) => f.name === name)!.fields, '', new Map());
      const same = new Set([...declared(field, '', new Map()).keys()].filter((at) => sameAt(field, at.split('.'))));
      const expected = (at: string) => (collection !== words ? undefined : same.has(at) ? 'duplicate' : true);
      expect({
        name,
        untranslated: [...shown].filter(([at, w]) => w.i18n !== expected(at)).map(([at]) => at),
      }).toEqual({
        name,
        untranslated: [],
      });
    }
  });

  test('every content JSON file is laid out as the editor writes it, so that a save changes only what she changed', () => {
    const misplaced = contentFiles()
      .filter(({ file, field }) => {
        const text = readFileSync(file, 'utf8');
        return editorLayout(JSON.parse(text) as unknown, field) !== text;
      })
      .map(({ file }) => path.relative(path.join(__dirname, '..'), file));
    expect({ misplaced, fix: 'npm run editor-config' }).toEqual({ misplaced: [], fix: 'npm run editor-config' });
  });

  test("every file is read as JSON and written through the site's layout (its own format), the same for every language", () => {
    const registered = new Map<string, { fromFile: (t: string) => unknown; toFile: (v: unknown) => string }>();
    registerContentFormats({ registerCustomFormat: (name, _ext, format) => registered.set(name, format) });
    for (const collection of config.collections as unknown as { files: { file: string; format: string }[] }[])
      for (const file of collection.files) {
        const format = registered.get(file.format);
        expect({ file: file.file, registered: format !== undefined }).toEqual({ file: file.file, registered: true });
      }
    const { file, field } = contentFiles().find(({ file }) => file.endsWith(path.join('fa', 'home.json')))!;
    const text = readFileSync(file, 'utf8');
    expect(registered.get('content-words-home')!.toFile(registered.get('content-words-home')!.fromFile(text))).toBe(
      editorLayout(JSON.parse(text), field),
    );
  });

  test('a price saved as the editor hands it over (no "efter aftale" null, "op til: nej" everywhere) is written as its one line', () => {
    const { file, field } = contentFiles().find(({ file }) => file.endsWith(path.join('facts', 'prices.json')))!;
    const before = readFileSync(file, 'utf8');
    // What Sveltia gives the file's format on a save: an empty optional value left out, a yes/no always there.
    const handed = Object.fromEntries(
      Object.entries(JSON.parse(before) as Record<string, { amount: number | null; upTo?: boolean }>).map(
        ([id, { amount, upTo, ...rest }]) => [
          id,
          {
            ...(amount === null ? {} : { amount: id === 'par' ? amount + 100 : amount }),
            ...rest,
            upTo: upTo ?? false,
          },
        ],
      ),
    );
    const after = editorLayout(handed, field).split('\n');
    const changed = before.split('\n').filter((line, i) => line !== after[i]);
    expect(changed).toEqual(['    "amount": 2400,']);
    expect(after.length).toBe(before.split('\n').length);
  });

  test('times and dates have their pattern; a whole number is the practice\'s field, "efter aftale" a choice of its own', () => {
    const practice = facts!.files.find((f) => f.name === 'practice')!;
    const opens = practice.fields.find((f) => f.name === 'phoneHours')!.fields!.find((f) => f.name === 'opens')!;
    const pattern = new RegExp(opens.pattern![0]);
    expect(['09:00', '23:59'].map((t) => pattern.test(t))).toEqual([true, true]);
    expect(['25:00', '9:00'].map((t) => pattern.test(t))).toEqual([false, false]);
    const prices = facts!.files.find((f) => f.name === 'prices')!;
    const [amount, minutes] = prices.fields[0]!.fields!;
    expect(amount).toMatchObject({ name: 'amount', widget: WHOLE_NUMBER, min: 0, max: 100_000, none: 'efter aftale' });
    expect(amount).toMatchObject({ required: false, optional: false });
    expect(minutes).toMatchObject({ name: 'minutes', widget: WHOLE_NUMBER, optional: true, required: false });
    expect(minutes).not.toHaveProperty('none');
  });

  test('no key the editor writes is a number (it would read the week\'s "1" as a place in a list and write a list)', () => {
    const numbered: string[] = [];
    const walk = (field: Field, at: string) => {
      const keys =
        field.kind === 'group'
          ? Object.entries(field.fields)
          : field.kind === 'map'
            ? Object.keys(field.keys).map((k) => [k, field.of] as const)
            : [];
      for (const [key, sub] of keys) {
        if (/^\d+$/.test(key)) numbered.push(`${at}.${key}`);
        walk(sub, `${at}.${key}`);
      }
      if (field.kind === 'list') walk(field.of, `${at}[]`);
    };
    for (const [name, field] of [...Object.entries(languageFiles), ...Object.entries(factFiles)]) walk(field, name);
    expect(numbered).toEqual([]);
    const booking = facts!.files.find((f) => f.name === 'booking')!;
    expect(booking.fields.find((f) => f.name === 'week')!.fields!.map((f) => f.name)).toEqual([
      'monday',
      'tuesday',
      'wednesday',
      'thursday',
      'friday',
      'saturday',
      'sunday',
    ]);
  });

  test("a closed day or period shows its dates and note in the folded list; a clinic photo is chosen or uploaded in its folder, its file's name written", () => {
    const booking = facts!.files.find((f) => f.name === 'booking')!;
    const closed = booking.fields.find((f) => f.name === 'closedDays') as Widget & { summary?: string };
    expect(closed.summary).toContain('{{fields.to}}');
    expect(closed.fields!.map((f) => f.name)).toEqual(['date', 'to', 'note']);
    const pictures = facts!.files.find((f) => f.name === 'pictures')!;
    const file = pictures.fields.find((f) => f.name === 'clinic')!.fields!.find((f) => f.name === 'file');
    expect(file).toMatchObject({
      widget: 'image',
      media_folder: '/content/images/clinic',
      public_folder: '',
      accept: 'image/jpeg,image/png,image/webp',
    });
  });
});

describe('a whole number as she types it (kroner, minutes)', () => {
  const price = { min: 0, max: 100_000, optional: false, none: 'efter aftale' };

  test('digits alone are the number; anything else is kept as typed and refused on save with a Danish message', () => {
    expect(['1250', ' 1250 ', '0'].map(typed)).toEqual([1250, 1250, 0]);
    for (const text of ['1.200', '1.200,-', '1200 kr.', '12,5', '-5', '1e3', '１２００'])
      expect({ text, kept: typed(text), said: problem(typed(text), price) }).toEqual({
        text,
        kept: text,
        said: `»${text}« er ikke et helt tal. Skriv kun cifre, fx 1200: intet punktum, komma, mellemrum eller »kr.«.`,
      });
    expect(problem(1250, price)).toBeNull();
    expect(problem(100_001, price)).toBe('Skriv et tal fra 0 til 100.000.');
  });

  test('"efter aftale" (null) is a choice of its own; an empty amount is refused unless the number may be left out', () => {
    expect(problem(null, price)).toBeNull();
    expect(problem('', price)).toBe('Skriv tallet, eller vælg »efter aftale«.');
    expect(problem(null, { ...price, none: undefined })).toBe('Skriv tallet.');
    const minutes = { min: 1, max: 600, optional: true };
    expect([problem('', minutes), problem(undefined, minutes), problem('50 min.', minutes)]).toEqual([
      null,
      null,
      '»50 min.« er ikke et helt tal. Skriv kun cifre, fx 1200: intet punktum, komma, mellemrum eller »kr.«.',
    ]);
  });
});

describe("the editor's script", () => {
  test('the pinned script, rewritten, names no CDN: its fonts and interface strings come from /admin/vendor/', () => {
    const pinned = readFileSync(path.join(PINNED, 'dist', 'sveltia-cms.js'), 'utf8');
    expect(pinned).toMatch(CDN);
    const { script, fonts } = rewriteScript(pinned);
    expect(script).not.toMatch(CDN);
    expect(fonts.sort()).toEqual([
      'material-symbols-outlined-latin-wght-normal.woff2',
      'noto-mono-latin-400-normal.woff2',
      'source-sans-3-latin-wght-normal.woff2',
    ]);
    expect(script).toContain(`${VENDOR_PATH}@sveltia/cms`);
  });

  test('the build wrote it without a CDN address, with the fonts and the Danish, English and Persian strings it asks for', () => {
    const built = readFileSync(path.join(ADMIN_DIR, 'sveltia-cms.js'), 'utf8');
    expect(built).not.toMatch(CDN);
    const { version } = JSON.parse(readFileSync(path.join(PINNED, 'package.json'), 'utf8')) as { version: string };
    const locales = readdirSync(path.join(ADMIN_DIR, 'vendor', '@sveltia', `cms@${version}`, 'locales'));
    expect(locales).toEqual(expect.arrayContaining(['da.json', 'en-GB.json', 'en-US.json', 'fa.json']));
    // Danish where the package has English only (the picture field's buttons), ours where it says too little.
    const da = JSON.parse(
      readFileSync(path.join(ADMIN_DIR, 'vendor', '@sveltia', `cms@${version}`, 'locales', 'da.json'), 'utf8'),
    ) as Record<string, unknown>;
    expect(da).toMatchObject({ replace_image: 'Erstat billedet', save: 'Gem' });
    expect(da.sign_in_using_access_token_description).toContain('den, der driver siden');
    for (const url of built.match(/\/admin\/vendor\/fonts\/[\w-]+\.woff2/g) ?? [])
      expect(existsSync(path.join(ADMIN_DIR, url.slice('/admin/'.length)))).toBe(true);
    expect(readdirSync(path.join(ADMIN_DIR, 'vendor', 'fonts')).filter((f) => f.endsWith('.LICENSE.txt'))).toHaveLength(
      3,
    );
  });
});

describe('EDITOR_REPO and her login in the served configuration', () => {
  const backendOf = async (env: Record<string, string>) => {
    const { app } = makeApp({ env });
    const res = await request(app)
      .get('/admin/config.yml')
      .set('Host', env.ADMIN_HOST ?? '127.0.0.1');
    expect(res.headers['cache-control']).toBe('no-store');
    return (JSON.parse(res.text.slice(res.text.indexOf('\n') + 1)) as { backend: Record<string, unknown> }).backend;
  };

  test('the repository is read when the site starts; anything but owner/name stops the start with one line', async () => {
    expect((await backendOf({ EDITOR_REPO: 'praksis/hjemmeside' })).repo).toBe('praksis/hjemmeside');
    expect(() => loadConfig({ EDITOR_REPO: 'https://github.com/praksis/hjemmeside' })).toThrow(
      new ConfigError(
        'EDITOR_REPO must be the GitHub repository as owner/name, like praksis/hjemmeside (got "https://github.com/praksis/hjemmeside")',
      ),
    );
  });

  test("with the GitHub App, she logs in through the site's own handler on the editor's origin, and no token can be pasted", async () => {
    expect(
      await backendOf({
        EDITOR_REPO: 'praksis/hjemmeside',
        ADMIN_HOST: 'redaktion.example.dk',
        BASE_URL: 'http://www.example.dk:3000',
        ...TEST_LOGIN,
      }),
    ).toEqual({
      name: 'github',
      repo: 'praksis/hjemmeside',
      branch: 'main',
      base_url: 'http://redaktion.example.dk:3000',
      auth_endpoint: 'admin/login/authorize',
      auth_methods: ['oauth'],
    });
  });

  test("without it (outside production only), a pasted token, never Sveltia's default login on another host", async () => {
    const backend = await backendOf({});
    expect(backend.auth_methods).toEqual(['token']);
    expect(backend.base_url).toBeUndefined();
  });

  test("the editor carries her practice's name and mark (login screen, header, tab) and links to her site", async () => {
    const { app } = makeApp({ env: { BASE_URL: 'https://www.example.dk' } });
    const res = await request(app).get('/admin/config.yml');
    const served = JSON.parse(res.text.slice(res.text.indexOf('\n') + 1)) as {
      app_title: string;
      logo: { src: string };
      site_url: string;
    };
    expect(served).toMatchObject({ app_title: practice.name, site_url: 'https://www.example.dk' });
    const logo = await request(app).get(served.logo.src);
    expect([logo.status, logo.headers['content-type']]).toEqual([200, 'image/svg+xml']);
  });

  test('a login or save that gets no answer (no network) says so in Danish, not "Failed to fetch"', async () => {
    const refused = await fetch('http://127.0.0.1:1/').catch((e: unknown) => e);
    expect((refused as Error).name).toBe('TypeError');
    const said = await withDanishNetworkErrors(fetch)('http://127.0.0.1:1/').catch((e: unknown) => e);
    expect([(said as Error).name, (said as Error).message]).toEqual(['TypeError', NO_ANSWER]);
    expect(NO_ANSWER).toMatch(/^Ingen forbindelse: GitHub kunne ikke nås/);
  });
});

describe('/admin/ and its host', () => {
  const { app } = makeApp();

  test('the editor has its own CSP (this site and api.github.com), noindex and no-store', async () => {
    const res = await request(app).get('/admin/');
    expect(res.status).toBe(200);
    expect(res.text).toContain('<script src="/admin/sveltia-cms.js"></script>');
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("connect-src 'self' data: blob: https://api.github.com;");
    expect(csp.match(/https?:\/\/[^\s;]+/g)).toEqual(['https://api.github.com']);
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(res.headers['cache-control']).toBe('no-store');
    const config = await request(app).get('/admin/config.yml');
    expect(config.text).toContain('"media_folder": "content/images"');
    expect(config.headers['cache-control']).toBe('no-store');
    expect((await request(app).get('/admin')).headers.location).toBe('/admin/');
  });

  test('with ADMIN_HOST, only that host serves the editor, and it serves nothing else', async () => {
    const { app: hosted } = makeApp({ env: { ADMIN_HOST: 'redaktion.example.dk' } });
    for (const p of ['/admin', '/admin/config.yml', '/admin/sveltia-cms.js'])
      expect({ p, status: (await request(hosted).get(p)).status }).toEqual({ p, status: 404 });
    const onHost = (p: string) => request(hosted).get(p).set('Host', 'redaktion.example.dk');
    expect((await onHost('/admin/')).status).toBe(200);
    expect((await onHost('/')).headers.location).toBe('/admin/');
    const page = await onHost('/priser');
    expect(page.status).toBe(404);
    expect(page.headers['content-security-policy']).toContain('https://api.github.com');
    expect((await request(hosted).get('/priser')).status).toBe(200);
  });

  test("the editor's host is the Host header the router set: X-Forwarded-Host never moves the editor, even behind TRUST_PROXY", async () => {
    const { app: behind } = makeApp({ env: { ADMIN_HOST: 'redaktion.example.dk', TRUST_PROXY: '1', ...TEST_LOGIN } });
    const ask = (p: string, host: string, forwarded: string) =>
      request(behind).get(p).set('Host', host).set('X-Forwarded-Host', forwarded).set('X-Forwarded-Proto', 'https');
    // The public host, claiming to be the editor's: the public pages, no editor, no login.
    for (const p of ['/admin', '/admin/config.yml', '/admin/sveltia-cms.js', '/admin/login/authorize'])
      expect({ p, status: (await ask(p, '127.0.0.1', 'redaktion.example.dk')).status }).toEqual({ p, status: 404 });
    const home = await ask('/', '127.0.0.1', 'redaktion.example.dk');
    expect(home.status).toBe(200);
    expect(home.headers['content-security-policy']).not.toContain('api.github.com');
    // The editor's host, claiming to be the public one: the editor, and nothing else.
    expect((await ask('/admin/', 'redaktion.example.dk', '127.0.0.1')).status).toBe(200);
    expect((await ask('/admin/login/authorize', 'redaktion.example.dk', '127.0.0.1')).status).toBe(200);
    expect((await ask('/priser', 'redaktion.example.dk', '127.0.0.1')).status).toBe(404);
  });

  const production = {
    NODE_ENV: 'production',
    BASE_URL: 'https://www.example.dk',
    TRUST_PROXY: '1',
    SMTP_URL: 'smtps://user:pass@127.0.0.1:1',
  };
  const editorOn = { EDITOR_REPO: 'praksis/hjemmeside', ADMIN_HOST: 'redaktion.example.dk', ...TEST_LOGIN };

  test("the running version for her live page: on the editor's host only, as the hash of the commit the build was made from", async () => {
    const { app: hosted } = makeApp({ env: { ADMIN_HOST: 'redaktion.example.dk' } });
    expect((await request(hosted).get('/admin/version')).status).toBe(404);
    const res = await request(hosted).get('/admin/version').set('Host', 'redaktion.example.dk');
    const commit = builtCommit(DIST_DIR);
    expect(commit).toMatch(/^[0-9a-f]{40}$/);
    expect(res.body).toEqual({
      build: createHash('sha256')
        .update(commit as string)
        .digest('hex'),
    });
    expect(res.text).not.toContain(commit as string);
    expect(res.headers['cache-control']).toBe('no-store');
    expect((await request(hosted).get('/admin/live/').set('Host', 'redaktion.example.dk')).text).toContain(
      'Er mine ændringer live?',
    );
  });

  test("in production, plain http on the editor's host moves to https on that host, the pages' to BASE_URL", async () => {
    const { app: prod } = makeApp({ env: { ...production, ...editorOn } });
    const plain = (host: string) => request(prod).get('/admin/').set('Host', host).set('X-Forwarded-Proto', 'http');
    expect((await plain('redaktion.example.dk')).headers.location).toBe('https://redaktion.example.dk/admin/');
    expect((await plain('www.example.dk')).headers.location).toBe('https://www.example.dk/admin/');
    // X-Forwarded-Host does not choose where http goes either.
    const claimed = await plain('www.example.dk').set('X-Forwarded-Host', 'redaktion.example.dk');
    expect(claimed.headers.location).toBe('https://www.example.dk/admin/');
  });

  test('in production the editor needs EDITOR_REPO, and then ADMIN_HOST and the GitHub App: one line naming what is missing', () => {
    const refusal = (env: Record<string, string>) => {
      try {
        loadConfig({ ...production, ...env });
        return 'started';
      } catch (err) {
        return (err as Error).message;
      }
    };
    expect(refusal({ EDITOR_REPO: 'praksis/hjemmeside', ...TEST_LOGIN })).toMatch(
      /^ADMIN_HOST must be set in production when the editor is on \(EDITOR_REPO\): a host name of its own/,
    );
    expect(refusal({ EDITOR_REPO: 'praksis/hjemmeside', ADMIN_HOST: 'redaktion.example.dk' })).toMatch(
      /^EDITOR_GITHUB_CLIENT_ID must be set in production when the editor is on \(EDITOR_REPO\)/,
    );
    expect(refusal({ ...editorOn, EDITOR_GITHUB_CLIENT_SECRET: '' })).toBe(
      'EDITOR_GITHUB_CLIENT_SECRET must be set beside EDITOR_GITHUB_CLIENT_ID',
    );
    expect(refusal({ ADMIN_HOST: 'redaktion.example.dk' })).toBe(
      "ADMIN_HOST only applies to the owner's editor, and EDITOR_REPO is not set",
    );
    expect(refusal({ ...editorOn, EDITOR_GITHUB_URL: 'http://127.0.0.1:9' })).toBe(
      'EDITOR_GITHUB_URL is refused in production: her login goes to GitHub itself',
    );
    // An OAuth app's client ID: its tokens never expire.
    expect(refusal({ ...editorOn, EDITOR_GITHUB_CLIENT_ID: 'Ov23liAbCdEfGhIjKlMn' })).toMatch(
      /^EDITOR_GITHUB_CLIENT_ID must be a GitHub App's client ID, which begins with Iv/,
    );
    const plain = refusal({ ...editorOn, EDITOR_GITHUB_CLIENT_SECRET: 'a'.repeat(40) });
    expect(plain).toMatch(/^EDITOR_GITHUB_CLIENT_SECRET must be the GitHub App's client secret/);
    expect(plain).not.toContain('a'.repeat(40));
    expect(refusal(editorOn)).toBe('started');
  });

  test('in production without EDITOR_REPO there is no editor on any host', async () => {
    const { app: prod } = makeApp({ env: production });
    for (const host of ['www.example.dk', 'redaktion.example.dk'])
      for (const p of ['/admin', '/admin/config.yml', '/admin/sveltia-cms.js', '/admin/login/authorize'])
        expect({
          host,
          p,
          status: (await request(prod).get(p).set('Host', host).set('X-Forwarded-Proto', 'https')).status,
        }).toEqual({
          host,
          p,
          status: 404,
        });
  });

  test('a malformed ADMIN_HOST stops the start with one line', () => {
    for (const value of ['https://redaktion.example.dk', 'redaktion.example.dk:8443', 'localhost'])
      expect(() => loadConfig({ ADMIN_HOST: value })).toThrow(
        new ConfigError(
          `ADMIN_HOST must be a host name other than BASE_URL's, without scheme or port, like redaktion.example.dk (got "${value}")`,
        ),
      );
  });
});

describe('the public pages know nothing of the editor', () => {
  const { app } = makeApp();

  test("every page keeps the site's CSP, sets no cookie, and names neither /admin nor the editor, nor does any script", async () => {
    const scripts = new Set<string>();
    for (const route of routes) {
      const res = await request(app).get(route.path);
      expect({ path: route.path, status: res.status }).toEqual({ path: route.path, status: 200 });
      const csp = res.headers['content-security-policy'] as string;
      expect({ path: route.path, csp }).toEqual({
        path: route.path,
        csp: expect.stringContaining("default-src 'self'"),
      });
      expect(csp).not.toContain('api.github.com');
      expect(res.headers['set-cookie']).toBeUndefined();
      expect({ path: route.path, names: /\/admin|sveltia|cms/i.exec(res.text)?.[0] }).toEqual({
        path: route.path,
        names: undefined,
      });
      for (const [, src] of res.text.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)) scripts.add(src!);
    }
    expect(scripts.size).toBeGreaterThan(0);
    const assets = path.join(DIST_DIR, 'public', 'assets');
    for (const file of readdirSync(assets).filter((f) => f.endsWith('.js'))) {
      const code = readFileSync(path.join(assets, file), 'utf8');
      expect({ file, names: /\/admin|sveltia/i.exec(code)?.[0] }).toEqual({ file, names: undefined });
    }
  });
});
