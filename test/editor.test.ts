import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { factFiles } from '../content/schema/facts';
import type { Field } from '../content/schema/fields';
import { editorLayout } from '../content/schema/layout';
import { pageFiles } from '../content/schema/pages';
import { practice } from '../content/practice';
import { NO_ANSWER, withDanishNetworkErrors } from '../editor/script/offline';
import { problem, typed } from '../editor/script/wholeNumber';
import { CDN, rewriteScript, VENDOR_PATH } from '../scripts/editor';
import { committedConfig, contentFiles, editorConfig, editorConfigText } from '../scripts/editorConfig';
import { ConfigError, loadConfig } from '../server/process/config';
import { DIST_DIR } from '../server/http/render';
import { routes } from '../views/routes';
import { makeApp } from './support/app';

// The owner's editor (decision 0045): its configuration made from content/schema/, its script
// without a CDN, its headers, its host, and the public pages that know nothing of it.

const ADMIN_DIR = path.join(DIST_DIR, 'public', 'admin');
const PINNED = path.join(__dirname, '..', 'node_modules', '@sveltia', 'cms');

type Widget = { name: string; widget: string; fields?: Widget[]; field?: Widget; pattern?: [string, string] };

/** Every key path of a field list ('hero.lead', 'testimonials.items.author'), privacy's paragraphs left out. */
function schemaPaths(field: Field, at: string, out: string[]): string[] {
  if (field.kind === 'paragraph' || (field.kind === 'list' && (field.of as Field).kind === 'paragraph')) return out;
  if (at) out.push(at);
  if (field.kind === 'object')
    for (const [key, sub] of Object.entries(field.fields as Record<string, Field>))
      schemaPaths(sub, at ? `${at}.${key}` : key, out);
  if (field.kind === 'map') for (const key of field.keys) schemaPaths(field.of, `${at}.${key}`, out);
  const item = field.kind === 'list' ? (field.of as Field) : undefined;
  if (item?.kind === 'object')
    for (const [key, sub] of Object.entries(item.fields as Record<string, Field>))
      schemaPaths(sub, `${at}.${key}`, out);
  return out;
}

function configPaths(widgets: Widget[], at: string, out: string[]): string[] {
  for (const w of widgets) {
    const here = at ? `${at}.${w.name}` : w.name;
    out.push(here);
    if (w.fields) configPaths(w.fields, here, out);
  }
  return out;
}

describe("the editor's configuration", () => {
  const config = editorConfig();
  const [words, facts] = config.collections as unknown as {
    files: { name: string; file: string; fields: Widget[] }[];
  }[];

  test('the committed editor/config.yml is what `npm run editor-config` makes from content/schema/', () => {
    expect(committedConfig()).toBe(editorConfigText());
  });

  test('the three languages side by side, Danish first, each page in content/<lang>/', () => {
    expect(config.i18n).toEqual({ structure: 'multiple_folders', locales: ['da', 'en', 'fa'], default_locale: 'da' });
    expect(words!.files.map((f) => f.file)).toContain('content/{{locale}}/prices.json');
  });

  test("every field of every file in the schema is in the editor, under its own name (but the privacy policy's paragraphs)", () => {
    const files = [
      ...Object.entries(pageFiles).map(([name, field]) => ({ name, field, collection: words! })),
      ...Object.entries(factFiles).map(([name, field]) => ({ name, field, collection: facts! })),
    ];
    for (const { name, field, collection } of files) {
      const file = collection.files.find((f) => f.name === name)!;
      expect({ name, paths: configPaths(file.fields, '', []).sort() }).toEqual({
        name,
        paths: schemaPaths(field as Field, '', []).sort(),
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

  test('a price changed as the editor saves it is a one-line change of content/facts/prices.json', () => {
    const { file, field } = contentFiles().find(({ file }) => file.endsWith(path.join('facts', 'prices.json')))!;
    const before = readFileSync(file, 'utf8');
    const prices = JSON.parse(before) as { par: { amount: number } };
    prices.par.amount += 100;
    const after = editorLayout(prices, field).split('\n');
    const changed = before.split('\n').filter((line, i) => line !== after[i]);
    expect(changed).toEqual([expect.stringContaining('"amount"')]);
    expect(after.length).toBe(before.split('\n').length);
  });

  test('times and dates have their pattern, prices are whole kroner from 0', () => {
    const practice = facts!.files.find((f) => f.name === 'practice')!;
    const opens = practice.fields.find((f) => f.name === 'phoneHours')!.fields!.find((f) => f.name === 'opens')!;
    const pattern = new RegExp(opens.pattern![0]);
    expect(['09:00', '23:59'].map((t) => pattern.test(t))).toEqual([true, true]);
    expect(['25:00', '9:00'].map((t) => pattern.test(t))).toEqual([false, false]);
    const prices = facts!.files.find((f) => f.name === 'prices')!;
    expect(prices.fields[0]!.fields![0]).toMatchObject({ name: 'amount', widget: 'number', value_type: 'int', min: 0 });
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

describe('her repository and login, set where the site runs (EDITOR_REPO, EDITOR_AUTH_URL)', () => {
  const served = async (env: Record<string, string>) => {
    const { app } = makeApp({ env });
    const res = await request(app).get('/admin/config.yml');
    expect(res.status).toBe(200);
    return JSON.parse(res.text) as { backend: Record<string, unknown>; app_title: string; logo: { src: string } };
  };

  test('the editor commits to EDITOR_REPO, offers only the token login unless a GitHub login handler is set, and carries her practice’s name and mark', async () => {
    const tokenOnly = await served({ EDITOR_REPO: 'praksis/hjemmeside' });
    expect(tokenOnly.backend).toMatchObject({ name: 'github', repo: 'praksis/hjemmeside', auth_methods: ['token'] });
    expect(tokenOnly.backend.base_url).toBeUndefined();
    expect(tokenOnly.app_title).toBe(practice.name);
    const { app } = makeApp();
    const logo = await request(app).get(tokenOnly.logo.src);
    expect([logo.status, logo.headers['content-type']]).toEqual([200, 'image/svg+xml']);
    const withGitHub = await served({ EDITOR_REPO: 'praksis/hjemmeside', EDITOR_AUTH_URL: 'https://login.example.dk' });
    expect(withGitHub.backend).toMatchObject({
      base_url: 'https://login.example.dk',
      auth_methods: ['oauth', 'token'],
    });
  });

  test('in production without EDITOR_REPO, /admin/ says in Danish that the editor is not set up yet, and serves no editor', async () => {
    const { app } = makeApp({
      env: { NODE_ENV: 'production', BASE_URL: 'https://www.example.dk', SMTP_URL: 'smtps://user:pass@127.0.0.1:1' },
    });
    for (const p of ['/admin/', '/admin/config.yml', '/admin/sveltia-cms.js']) {
      const res = await request(app).get(p);
      expect({ p, status: res.status, says: res.text }).toEqual({
        p,
        status: 503,
        says: expect.stringContaining('Redigeringen er ikke sat op endnu'),
      });
    }
  });

  test('a login or save that gets no answer (no network) says so in Danish, not "Failed to fetch"', async () => {
    const refused = await fetch('http://127.0.0.1:1/').catch((e: unknown) => e);
    expect((refused as Error).name).toBe('TypeError');
    const said = await withDanishNetworkErrors(fetch)('http://127.0.0.1:1/').catch((e: unknown) => e);
    expect([(said as Error).name, (said as Error).message]).toEqual(['TypeError', NO_ANSWER]);
    expect(NO_ANSWER).toMatch(/^Ingen forbindelse: GitHub kunne ikke nås/);
  });

  test('a malformed EDITOR_REPO or EDITOR_AUTH_URL stops the start with one line', () => {
    expect(() => loadConfig({ EDITOR_REPO: 'https://github.com/praksis/hjemmeside' })).toThrow(
      new ConfigError(
        'EDITOR_REPO must be the GitHub repository as owner/name, like praksis/hjemmeside (got "https://github.com/praksis/hjemmeside")',
      ),
    );
    for (const value of ['http://login.example.dk', 'https://login.example.dk/auth'])
      expect(() => loadConfig({ EDITOR_AUTH_URL: value })).toThrow(
        new ConfigError(
          `EDITOR_AUTH_URL must be the https address of the editor's GitHub login handler, with no path, like https://login.example.dk (got "${value}")`,
        ),
      );
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
    expect(csp).toContain("connect-src 'self' data: https://api.github.com;");
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

  test("in production, plain http on the editor's host moves to https on that host, the pages' to BASE_URL", async () => {
    const { app: prod } = makeApp({
      env: {
        NODE_ENV: 'production',
        BASE_URL: 'https://www.example.dk',
        TRUST_PROXY: '1',
        ADMIN_HOST: 'redaktion.example.dk',
        SMTP_URL: 'smtps://user:pass@127.0.0.1:1',
      },
    });
    const plain = (host: string) => request(prod).get('/admin/').set('Host', host).set('X-Forwarded-Proto', 'http');
    expect((await plain('redaktion.example.dk')).headers.location).toBe('https://redaktion.example.dk/admin/');
    expect((await plain('www.example.dk')).headers.location).toBe('https://www.example.dk/admin/');
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
