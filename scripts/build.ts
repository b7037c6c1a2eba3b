import { access, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants } from 'node:zlib';
import { gzip as zopfli } from '@gfx/zopfli';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { build, type BuildOptions, type Plugin } from 'esbuild';
import { VERSION_FILE } from '../server/admin';
import { unavailablePage } from '../server/http/unavailablePage';
import { colorTokens } from './colorTokens';
import { checkContent } from './checkContent';
import { buildEditor } from './editor';
import { buildImages } from './images';

// The production build: the browser bundle and its stylesheet with content-hashed names,
// a manifest naming them for the server, and the server as one file for `node dist/server.js`.

const root = path.resolve(__dirname, '..');
/** BUILD_DIR: another folder to build into (the picture tests build beside the shared dist/). */
const dist = path.resolve(process.env.BUILD_DIR ?? path.join(root, 'dist'));
/** CONTENT_IMAGES_DIR: another folder of the owner's pictures (the tests make their own; see scripts/images.ts). */
const imagesDir = path.resolve(process.env.CONTENT_IMAGES_DIR ?? path.join(root, 'content', 'images'));
/**
 * BUILD_DRAFT=1, for a test's build into a folder of its own (never dist/): the pictures at the
 * encoders' quickest (scripts/images.ts) and the brotli copies at quality 5. The gzip copies are
 * the real build's (zopfli): the script budgets are measured on them (test/budgets.test.ts).
 */
const draft = process.env.BUILD_DRAFT === '1';
const assetsDir = path.join(dist, 'public', 'assets');

/**
 * views/images/ has no side effects: in a build without pictures the pages use nothing of it, and
 * esbuild then leaves it out whole instead of keeping an empty chunk that each page would fetch.
 */
const picturesArePure: Plugin = {
  name: 'pictures-are-pure',
  setup(b) {
    b.onResolve({ filter: /\/images\/(manifest|Picture)$/ }, ({ path: p, resolveDir }) => {
      const file = ['.ts', '.tsx'].map((ext) => path.resolve(resolveDir, p + ext)).find(existsSync);
      return file?.startsWith(path.join(root, 'views', 'images')) ? { path: file, sideEffects: false } : undefined;
    });
  },
};

export const clientOptions: BuildOptions = {
  // boot.ts loads first and fetches main.tsx (React, the layout, hydration) once the page is painted.
  entryPoints: [path.join(root, 'client', 'boot.ts'), path.join(root, 'client', 'main.tsx')],
  bundle: true,
  minify: true,
  format: 'esm',
  // Each page is its own chunk (see views/routes.ts); shared code lands in common chunks.
  splitting: true,
  target: ['es2020', 'chrome100', 'firefox100', 'safari15'],
  jsx: 'automatic',
  // Elements call client/jsx-runtime.ts, which re-exports React's runtime as ES bindings.
  jsxImportSource: 'client',
  alias: { 'client/jsx-runtime': path.join(root, 'client', 'jsx-runtime.ts') },
  outdir: assetsDir,
  entryNames: '[name]-[hash]',
  chunkNames: '[name]-[hash]',
  assetNames: '[name]-[hash]',
  // SITE_IMAGES: the pictures' manifest, set by main() below (views/images/manifest.ts).
  define: { 'process.env.NODE_ENV': '"production"', 'process.env.SITE_IMAGES': '""' },
  // The stylesheet's icons, inlined: small, and no request of their own.
  loader: { '.svg': 'dataurl' },
  // The colours, from content/colors.ts (see scripts/colorTokens.ts).
  plugins: [colorTokens, picturesArePure],
  legalComments: 'none',
  metafile: true,
  logLevel: 'warning',
};

type Outputs = Record<
  string,
  { entryPoint?: string; cssBundle?: string; imports: { path: string; kind: string }[]; inputs?: object }
>;

/**
 * Reads esbuild's metafile: boot.ts's .js, the entry's .js and .css, the chunks it imports, and for each page
 * module (views/pages/<Name>.tsx) its chunk plus the chunks only it imports, as URL paths.
 */
export function manifestFrom(outputs: Outputs) {
  const toUrl = (file: string) => `/assets/${path.basename(file)}`;
  const staticImports = (file: string, seen = new Set<string>()): Set<string> => {
    for (const imp of outputs[file]?.imports ?? []) {
      if (imp.kind === 'import-statement' && !seen.has(imp.path)) {
        seen.add(imp.path);
        staticImports(imp.path, seen);
      }
    }
    return seen;
  };
  const entry = Object.entries(outputs).find(([, o]) => o.entryPoint === 'client/main.tsx');
  const boot = Object.entries(outputs).find(([, o]) => o.entryPoint === 'client/boot.ts');
  if (!entry?.[1].cssBundle || !boot)
    throw new Error('build: the client bundle, its stylesheet or client/boot.ts is missing');
  const shared = staticImports(entry[0]);
  const pages: Record<string, string[]> = {};
  for (const [file, output] of Object.entries(outputs)) {
    const name = /^views\/pages\/(\w+)\.tsx$/.exec(output.entryPoint ?? '')?.[1];
    if (name)
      pages[name] = [file, ...[...staticImports(file)].filter((f) => !shared.has(f) && f !== entry[0])].map(toUrl);
  }
  return {
    boot: toUrl(boot[0]),
    js: toUrl(entry[0]),
    css: toUrl(entry[1].cssBundle),
    preload: [...shared].map(toUrl),
    pages,
  };
}

/**
 * Chrome (136+) compiles every function of a file that starts with this comment while it streams
 * the file, off the main thread, instead of on the main thread at first call. Worth it for the
 * entry (React and the layout), all of which runs at once; the comment is the same in every
 * build, so the file's hashed name still names its content.
 */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/**
 * Besides what the entry shares with the pages: the forms' field rules (240 bytes) and their one
 * post (views/forms/post.ts, about 200), /kontakt's and /booking's, and the pictures' code (/,
 * /om-mig, /kontakt; nothing in a build without pictures). In chunks of their own they cost those
 * pages more than carrying them costs every page (the post alone: /kontakt 200 bytes more).
 */
const ALSO_COMMON = [
  'views/forms/fields.ts',
  'views/forms/post.ts',
  'views/images/Picture.tsx',
  'views/images/manifest.ts',
];

/**
 * One chunk for the code every page loads. esbuild makes a chunk for each set of entry points
 * (the entry and every module it imports dynamically: the pages, their texts) that share modules,
 * so what the layout shares with some of the pages came in five chunks, four of them under 1 kB,
 * each compressed on its own and each with its own imports and exports. Every page loads all of
 * them before its own code, so each module loaded later is built as if it imported them all (the
 * modules of the first build's common chunks, and ALSO_COMMON): esbuild then puts them in one
 * chunk, and no page loads anything it did not load before (see docs/performance.md).
 */
function oneCommonChunk(first: Outputs): Plugin {
  const { preload } = manifestFrom(first);
  const common = Object.entries(first)
    .filter(([file]) => preload.includes(`/assets/${path.basename(file)}`))
    .flatMap(([, output]) => Object.keys(output.inputs ?? {}))
    // A JSON file (content/facts/*.json) goes with the module that imports it: esbuild drops a bare import of it.
    .filter((input) => !input.includes('node_modules') && !input.endsWith('.json'))
    .map((input) => path.resolve(input))
    .concat(ALSO_COMMON.map((file) => path.join(root, file)));
  const later = new Set(
    Object.values(first)
      .map((output) => output.entryPoint)
      .filter((entry): entry is string => !!entry && entry !== 'client/boot.ts')
      .map((entry) => path.resolve(entry)),
  );
  const imports = `\n${common.map((file) => `import ${JSON.stringify(file)};`).join('')}`;
  // A language's texts loaded on demand (content/<lang>/<file>.json, content/translations.ts) are
  // such modules too: as the file's default export, with the same imports.
  const loader = (file: string) => (file.endsWith('.tsx') ? 'tsx' : file.endsWith('.ts') ? 'ts' : 'js');
  const contents = (file: string) =>
    file.endsWith('.json') ? `export default ${readFileSync(file, 'utf8')}` : readFileSync(file, 'utf8');
  return {
    name: 'one-common-chunk',
    setup(b) {
      b.onLoad({ filter: /\.(tsx?|json)$/ }, ({ path: file }) =>
        later.has(file) ? { contents: contents(file) + imports, loader: loader(file) } : undefined,
      );
    },
  };
}

export async function buildClient(options: BuildOptions = clientOptions) {
  // The first build only finds what the entry shares with the pages; the second writes.
  const first = await build({ ...options, write: false });
  const plugins = [...(options.plugins ?? []), oneCommonChunk(first.metafile?.outputs ?? {})];
  const result = await build({ ...options, plugins });
  const manifest = manifestFrom(result.metafile?.outputs ?? {});
  /** Every file written: the manifest's, and the chunks loaded later (another page's texts, say). */
  const files = Object.keys(result.metafile?.outputs ?? {}).map((f) => path.basename(f));
  const entryFile = path.join(assetsDir, path.basename(manifest.js));
  const code = await readFile(entryFile, 'utf8');
  if (!code.startsWith(COMPILE_HINT)) await writeFile(entryFile, COMPILE_HINT + code);
  await writeFile(path.join(dist, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return { manifest, files };
}

const brotli = promisify(brotliCompress);
const gzip = promisify(zopfli);

/**
 * Each hashed file compressed once, as small as the formats allow: brotli at its highest quality
 * and gzip by zopfli. The server sends these as they are (express-static-gzip), so a visitor's
 * download is smaller than on-the-fly compression would make it, and costs the server nothing.
 */
async function precompress(file: string) {
  const exists = (f: string) =>
    access(f).then(
      () => true,
      () => false,
    );
  // Same name, same content: what an earlier build compressed is still right.
  if ((await exists(`${file}.br`)) && (await exists(`${file}.gz`))) return;
  const bytes = await readFile(file);
  await writeFile(
    `${file}.br`,
    await brotli(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: draft ? 5 : 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    }),
  );
  await writeFile(`${file}.gz`, await gzip(bytes, { numiterations: 5 }));
}

/**
 * The commit being built: Heroku names it to the build (SOURCE_VERSION), CI and a developer's
 * checkout have it in git; null when neither tells (the live page then says it cannot know).
 */
function sourceCommit(): string | null {
  const named = process.env.SOURCE_VERSION ?? process.env.HEROKU_BUILD_COMMIT;
  if (named) return named;
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return null;
  }
}

/** The Node the server is built for: the major package.json's "engines" pins (test/node-version.test.ts). */
export const SERVER_TARGET = 'node26';

/** Where the preview's bundle reads content files (server/admin/preview/posted.ts). */
const POSTED = path.join(root, 'server', 'admin', 'preview', 'posted.ts');
/** A content file the pages read: a language's words or a facts file. */
const PAGE_CONTENT = /[\\/]content[\\/](?:da|en|fa|facts)[\\/]\w+\.json$/;

/**
 * Every content file in the preview's bundle read through `posted`: in the preview's thread the
 * file she is editing stands in for the committed one (decision 0073).
 */
const postedContent: Plugin = {
  name: 'posted-content',
  setup(b) {
    b.onLoad({ filter: PAGE_CONTENT }, ({ path: file }) => ({
      contents: `import { posted } from ${JSON.stringify(POSTED)};\nexport default posted(${JSON.stringify(path.relative(root, file).split(path.sep).join('/'))}, ${readFileSync(file, 'utf8')});`,
      loader: 'js',
      resolveDir: root,
    }));
  },
};

/** The server's bundles; `define`: the pictures' manifest. */
function serverOptions(define: Record<string, string>): BuildOptions {
  return {
    bundle: true,
    platform: 'node',
    target: SERVER_TARGET,
    format: 'cjs',
    jsx: 'automatic',
    packages: 'external',
    define,
    outdir: dist,
    sourcemap: true,
    logLevel: 'warning',
  };
}

/** Her editor's preview (server/admin/preview/render.tsx): the views, with her file read in place of the committed one. */
export const previewOptions = (define: Record<string, string>): BuildOptions => ({
  ...serverOptions(define),
  entryPoints: { preview: path.join(root, 'server', 'admin', 'preview', 'render.tsx') },
  plugins: [postedContent],
});

async function main() {
  const started = Date.now();
  if (draft && !process.env.BUILD_DIR) throw new Error('BUILD_DRAFT=1 builds into BUILD_DIR only, never dist/');
  // What the type-checker cannot see in content's JSON (an empty text, 25:00, a photo not listed) stops the build first.
  const problems = checkContent({ contentDir: path.join(root, 'content'), imagesDir });
  if (problems.length > 0) throw new Error(`content:\n${problems.join('\n')}`);
  await mkdir(assetsDir, { recursive: true });
  const images = await buildImages(imagesDir, assetsDir);
  for (const warning of images.warnings) console.warn(warning);
  // Both bundles get the pictures' manifest as one constant (views/images/manifest.ts): the
  // server renders and the browser hydrates the same <picture>s.
  const SITE_IMAGES = JSON.stringify(images.files.length ? JSON.stringify(images.manifest) : '');
  const define = { ...clientOptions.define, 'process.env.SITE_IMAGES': SITE_IMAGES };
  const { manifest, files: current } = await buildClient({ ...clientOptions, define });
  // Stale hashed files go only after the new ones and the manifest are written.
  const keep = new Set([...current.flatMap((f) => [f, `${f}.br`, `${f}.gz`]), ...images.files]);
  for (const file of await readdir(assetsDir)) {
    if (!keep.has(file)) await rm(path.join(assetsDir, file), { force: true });
  }
  await Promise.all(current.map((f) => precompress(path.join(assetsDir, f))));
  // The owner's editor, served at /admin/ (scripts/editor.ts).
  await buildEditor(path.join(dist, 'public', 'admin'));
  const serverDefine = { 'process.env.SITE_IMAGES': SITE_IMAGES };
  await Promise.all([
    build({
      ...serverOptions(serverDefine),
      // The server, and the thread that parses the booking calendar's feed, which the server
      // starts from next to itself (server/booking/feed/thread.ts, both sides of the thread).
      entryPoints: {
        server: path.join(root, 'server', 'process', 'index.ts'),
        feedParser: path.join(root, 'server', 'booking', 'feed', 'thread.ts'),
        // `npm run redis:rearm` after Redis lost its data (server/store/marker.ts).
        rearm: path.join(root, 'server', 'process', 'rearm.ts'),
      },
    }),
    build(previewOptions(serverDefine)),
  ]);
  // For the host's error and maintenance pages (docs/operations.md#when-the-site-cannot-answer).
  await writeFile(path.join(dist, 'unavailable.html'), unavailablePage());
  // The commit this build is made from, for her live page (server/admin/version.ts).
  await writeFile(path.join(dist, VERSION_FILE), `${JSON.stringify({ commit: sourceCommit() })}\n`);
  const pictures = images.files.length ? ` and ${images.files.length} picture files` : '';
  console.log(
    `built ${manifest.js} ${manifest.css} dist/server.js dist/feedParser.js dist/preview.js dist/unavailable.html${pictures} in ${Date.now() - started} ms`,
  );
}

if (require.main === module) {
  main().catch((err: Error) => {
    console.error(`build failed: ${err.message}`);
    process.exit(1);
  });
}
