import { copyFile, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';

// The owner's editor (Sveltia CMS, decision 0045) for the build's admin folder, served at /admin/
// by server/http/editor.ts. The pinned package's one script fetches its fonts from
// cdn.jsdelivr.net and its interface strings (and, on demand, a few modules) from unpkg.com, and
// neither base can be configured: the copy here has both rewritten to /admin/vendor/, where the
// fonts and strings the package ships are copied. What is not copied (code highlighting, maps,
// WebP encoding in browsers without their own) is then asked of this site, which has none: the
// editor goes without, and no other host is reached. Beside it: the practice's mark, its Danish
// strings where the package has none or says what she must not be told (editor/locales/), and the
// site's own additions (editor/site/). Her repository and login are added where the site runs
// (server/http/editor.ts).

const root = path.resolve(__dirname, '..');
const packageDir = path.join(root, 'node_modules', '@sveltia', 'cms');
const editorDir = path.join(root, 'editor');

/** Where the rewritten script asks for what it fetched from the CDNs. */
export const VENDOR_PATH = '/admin/vendor/';

const UNPKG = 'https://unpkg.com/';
/** A font as the script names it: its family, its version and its file (latin-wght-normal). */
const FONT = /https:\/\/cdn\.jsdelivr\.net\/fontsource\/fonts\/([a-z0-9-]+)(?::vf)?@[\d.]+\/([a-z0-9-]+)\.woff2/g;
/** Addresses of the CDNs the script fetched from; none may be left (test/editor.test.ts). */
export const CDN = /unpkg\.com|jsdelivr\.net/;

/** The script with its CDN bases rewritten, and the fonts it names (each `<family>-<file>.woff2`). */
export function rewriteScript(script: string): { script: string; fonts: string[] } {
  const fonts = new Set<string>();
  const rewritten = script
    .replace(FONT, (_url, family: string, file: string) => {
      fonts.add(`${family}-${file}.woff2`);
      return `${VENDOR_PATH}fonts/${family}-${file}.woff2`;
    })
    .replaceAll(UNPKG, VENDOR_PATH);
  const left = CDN.exec(rewritten);
  if (left)
    throw new Error(
      `editor: a CDN address is left in the script (${rewritten.slice(left.index - 60, left.index + 60)})`,
    );
  return { script: rewritten, fonts: [...fonts] };
}

/** The pinned version, from the package itself. */
async function version(): Promise<string> {
  return (JSON.parse(await readFile(path.join(packageDir, 'package.json'), 'utf8')) as { version: string }).version;
}

/** Writes the editor into `adminDir` (the build's dist/public/admin). */
export async function buildEditor(adminDir: string): Promise<void> {
  await rm(adminDir, { recursive: true, force: true });
  const vendor = path.join(adminDir, 'vendor');
  const pinned = await version();
  const locales = path.join(vendor, '@sveltia', `cms@${pinned}`, 'locales');
  await mkdir(locales, { recursive: true });
  await mkdir(path.join(vendor, 'fonts'));
  const { script, fonts } = rewriteScript(await readFile(path.join(packageDir, 'dist', 'sveltia-cms.js'), 'utf8'));
  await writeFile(path.join(adminDir, 'sveltia-cms.js'), script);
  // The package's own build carries the same fonts, with a hash in their names.
  const assets = await readdir(path.join(packageDir, 'npm', 'assets'));
  for (const font of fonts) {
    const stem = font.replace(/\.woff2$/, '-');
    const file = assets.find((name) => name.startsWith(stem) && name.endsWith('.woff2'));
    if (!file) throw new Error(`editor: the font ${font} is not in @sveltia/cms/npm/assets/`);
    await copyFile(path.join(packageDir, 'npm', 'assets', file), path.join(vendor, 'fonts', font));
  }
  // The fonts' licences (SIL Open Font License) go with them.
  for (const name of assets.filter((file) => file.endsWith('.LICENSE.txt')))
    await copyFile(path.join(packageDir, 'npm', 'assets', name), path.join(vendor, 'fonts', name));
  for (const name of await readdir(path.join(packageDir, 'locales')))
    await writeFile(path.join(locales, name), await strings(name));
  // Immutable.js, which it loads for the site's own additions (a preSave listener, the whole-number
  // field's configuration, editor/site/):
  // the copy its own package brought, where the script asks for the version it names.
  const immutable = /immutable:`\^?([\d.]+)`/.exec(script)?.[1];
  if (!immutable) throw new Error('editor: the script no longer names the Immutable.js version it loads');
  await mkdir(path.join(vendor, `immutable@${immutable}`, 'dist'), { recursive: true });
  await copyFile(
    path.join(root, 'node_modules', 'immutable', 'dist', 'immutable.es.js'),
    path.join(vendor, `immutable@${immutable}`, 'dist', 'immutable.es.js'),
  );
  // Its hourly check for a newer version reads this: the same version, so it says nothing.
  await mkdir(path.join(vendor, '@sveltia', 'cms'), { recursive: true });
  await writeFile(path.join(vendor, '@sveltia', 'cms', 'package.json'), JSON.stringify({ version: pinned }));
  // React DOM, a chunk of the package's own that its custom field types and preview templates
  // need (the whole-number field, the site's preview: editor/site/), beside the script where it
  // asks for it.
  await mkdir(path.join(adminDir, 'chunks'));
  await copyFile(
    path.join(packageDir, 'dist', 'chunks', 'react-dom.js'),
    path.join(adminDir, 'chunks', 'react-dom.js'),
  );
  await copyFile(path.join(editorDir, 'index.html'), path.join(adminDir, 'index.html'));
  // The site's own additions (editor/site/: the files' layout, whole numbers, the policy's date,
  // the preview) and her live page (editor/live/).
  await build({
    entryPoints: { site: path.join(editorDir, 'site', 'main.ts'), live: path.join(editorDir, 'live', 'main.ts') },
    outdir: adminDir,
    bundle: true,
    minify: true,
    format: 'iife',
    target: ['chrome110', 'firefox115', 'safari16'],
    legalComments: 'none',
    logLevel: 'warning',
  });
  await mkdir(path.join(adminDir, 'live'));
  await copyFile(path.join(editorDir, 'live', 'index.html'), path.join(adminDir, 'live', 'index.html'));
  await copyFile(path.join(editorDir, 'live', 'live.css'), path.join(adminDir, 'live.css'));
  // What makes the preview's links inert (server/admin/preview/page.ts).
  await copyFile(path.join(editorDir, 'preview.css'), path.join(adminDir, 'preview.css'));
  // The server fills in the repository and her login from its configuration (server/http/editor.ts).
  await copyFile(path.join(editorDir, 'config.yml'), path.join(adminDir, 'config.yml'));
  await copyFile(path.join(root, 'public', 'favicon.svg'), path.join(adminDir, 'logo.svg'));
}

/** A language's strings file, with the practice's own strings over the package's (editor/locales/). */
async function strings(name: string): Promise<string> {
  const pinned = JSON.parse(await readFile(path.join(packageDir, 'locales', name), 'utf8')) as Strings;
  const own = await readFile(path.join(editorDir, 'locales', name), 'utf8').catch(() => null);
  return JSON.stringify(own === null ? pinned : merged(pinned, JSON.parse(own) as Strings));
}

type Strings = { [key: string]: string | Strings };

function merged(base: Strings, over: Strings): Strings {
  const out: Strings = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const under = out[key];
    out[key] = typeof value === 'object' && typeof under === 'object' ? merged(under, value) : value;
  }
  return out;
}
