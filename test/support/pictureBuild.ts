import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { clinicPhotos } from '../../content/images';
import { plainJpeg } from './testImages';

// `npm run build` (scripts/build.ts) into a folder of its own, with the owner's pictures from a
// folder of their own: the tests that need the site as it looks with her pictures.

const ROOT = path.resolve(__dirname, '..', '..');

/** `npm run build` with `env` over the tests' own (BUILD_DIR, CONTENT_IMAGES_DIR): its exit code and output. */
export function runBuild(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [require.resolve('tsx/cli'), 'scripts/build.ts'], {
      cwd: ROOT,
      env: { ...process.env, ...env },
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d));
    child.stderr.on('data', (d: Buffer) => (output += d));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

/**
 * What the last such build made, kept between runs: each file's name carries a hash of its content
 * (the pictures' variants: of the source's bytes and the picture settings), and the folder's name a
 * hash of the scripts that make and compress them, so nothing made differently is taken from it.
 */
function cacheDir(): string {
  const hash = createHash('sha256');
  for (const script of ['images.ts', 'build.ts']) hash.update(readFileSync(path.join(ROOT, 'scripts', script)));
  const code = hash.digest('hex').slice(0, 12);
  return path.join(ROOT, '.cache', 'test-pictures', code);
}

/**
 * The build with a portrait and every clinic photo content/images.ts lists, each wide enough for
 * every width the build makes (the worst case for the pictures' manifest in the scripts), into
 * `work`/dist. Its assets folder starts with what the build made before, as `npm run build` into
 * dist/ does: dist/'s files (the same name is the same content, already compressed) and the last
 * such build's; the build makes (and compresses) only what is new and prunes the rest. So the
 * first run in a clean clone encodes the pictures and compresses the scripts; a later one, with
 * the same sources, neither. A draft (BUILD_DRAFT=1, scripts/build.ts): the pictures at the
 * encoders' quickest, since the tests read the manifest's shape, the scripts' weight (the real
 * build's gzip) and the page, not the pictures' bytes.
 */
export async function buildWithPictures(work: string) {
  const images = path.join(work, 'images');
  const dist = path.join(work, 'dist');
  const assets = path.join(dist, 'public', 'assets');
  mkdirSync(path.join(images, 'clinic'), { recursive: true });
  writeFileSync(path.join(images, 'portrait.jpg'), await plainJpeg(1280, 1920));
  for (const photo of clinicPhotos)
    writeFileSync(path.join(images, 'clinic', `${photo}.jpg`), await plainJpeg(1296, 864));
  mkdirSync(assets, { recursive: true });
  const shared = path.join(ROOT, 'dist', 'public', 'assets');
  const cache = cacheDir();
  for (const dir of [shared, cache].filter(existsSync))
    for (const file of readdirSync(dir)) {
      // A file `npm run build` removes meanwhile is made again.
      try {
        cpSync(path.join(dir, file), path.join(assets, file));
      } catch {}
    }
  const built = await runBuild({ BUILD_DIR: dist, CONTENT_IMAGES_DIR: images, BUILD_DRAFT: '1' });
  // Kept whole or not at all (another run may be reading it): written beside it, then renamed.
  if (built.code === 0) {
    const next = `${cache}.${process.pid}`;
    mkdirSync(next, { recursive: true });
    for (const file of readdirSync(assets)) cpSync(path.join(assets, file), path.join(next, file));
    for (const old of readdirSync(path.dirname(cache)).filter((name) => !next.endsWith(name)))
      rmSync(path.join(path.dirname(cache), old), { recursive: true, force: true });
    renameSync(next, cache);
  }
  return { ...built, dist };
}
