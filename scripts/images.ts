import { createHash } from 'node:crypto';
import { access, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { type ClinicPhoto, clinicPhotos, photoName, photoPages } from '../content/images';
import type { ImageManifest, Picture } from '../views/images/manifest';
import { pictureSecrets } from './pictureSecrets';

// The owner's pictures (content/images/: portrait.jpg, .png or .webp, and clinic/*.jpg|png|webp) made into
// what the pages use: AVIF, WebP and JPEG at a few widths, upright, without any of the source's
// metadata (EXIF with its GPS position, XMP, IPTC; colours converted to sRGB and the ICC profile
// dropped), under /assets with names that change when the source does. sharp (libvips) does the
// work; its binaries come in its npm packages.

/** 320 px phones at 1x to 3x (960) and desktops up to 1280 px: the layout never draws a picture wider. */
export const IMAGE_WIDTHS = [320, 640, 960, 1280];

/**
 * BUILD_DRAFT=1 (scripts/build.ts: a test's build into a folder of its own): each encoder at its
 * quickest, for the tests that need the pictures' number, names and sizes, not their bytes.
 */
const draft = process.env.BUILD_DRAFT === '1';

const formats = {
  avif: (s: Sharp) => s.avif({ quality: 50, effort: draft ? 0 : 4 }),
  webp: (s: Sharp) => s.webp({ quality: 72, ...(draft ? { effort: 0 } : {}) }),
  // The fallback has no transparency: a PNG's transparent parts become white.
  jpg: (s: Sharp) => s.flatten({ background: '#ffffff' }).jpeg({ quality: 72, mozjpeg: !draft }),
};
export const IMAGE_FORMATS = Object.keys(formats) as (keyof typeof formats)[];

/** What the file names' hash covers besides the source's bytes: a change here (or a draft) makes new files. */
const SETTINGS = `${sharp.versions.sharp} ${sharp.versions.vips} ${IMAGE_WIDTHS} ${Object.values(formats).join()}${draft ? ' draft' : ''}`;

/** What the build takes: JPEG and PNG, and WebP, which the editor makes of her uploads. */
export const SOURCE = /\.(jpe?g|png|webp)$/i;
/** Files the owner may keep beside the pictures. */
const ignored = (name: string) => name.startsWith('.') || /^readme/i.test(name);

/** The one line the build stops with, naming the file. */
function fail(file: string, why: string): never {
  throw new Error(`${path.relative(process.cwd(), file) || file}: ${why}`);
}

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

async function filesIn(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir, { withFileTypes: true }))
      .filter((e) => e.isFile() && !ignored(e.name))
      .map((e) => e.name)
      .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  } catch {
    return [];
  }
}

/** Reads a source and checks it is a JPEG, PNG or WebP sharp can decode whole, and that it tells nothing of where, when or who. */
async function open(file: string) {
  if (!SOURCE.test(file)) fail(file, 'not a picture the build takes: use .jpg, .png or .webp');
  const bytes = await readFile(file);
  try {
    const meta = await sharp(bytes).metadata();
    if (meta.format !== 'jpeg' && meta.format !== 'png' && meta.format !== 'webp')
      fail(file, `a ${meta.format ?? 'unknown'} file: save it as JPEG, PNG or WebP`);
    const secrets = pictureSecrets(meta);
    if (secrets.length > 0)
      fail(
        file,
        `carries ${secrets.join(', ')}: run \`npm run pictures:clean\` (it writes the picture again without them) and commit it, or upload it again in the editor, which leaves them out`,
      );
    // Decoding the whole picture finds a truncated or damaged file, which the header alone does not.
    await sharp(bytes).stats();
    const turned = (meta.orientation ?? 1) >= 5;
    return { bytes, width: turned ? meta.height : meta.width, height: turned ? meta.width : meta.height };
  } catch (err) {
    if (err instanceof Error && err.message.startsWith(path.relative(process.cwd(), file))) throw err;
    fail(file, `cannot be read as a picture (${String((err as Error).message).split('\n')[0]})`);
  }
}

const LARGEST = Math.max(...IMAGE_WIDTHS);

/** The line the build warns with when a picture is narrower than the largest width the site shows it at (it would look soft there). */
function tooSmall(file: string, width: number): string | null {
  return width < LARGEST
    ? `warning: ${path.relative(process.cwd(), file) || file} is ${width} px wide; the site shows it up to ${LARGEST} px wide (large and sharp screens), where it looks soft: use one at least ${LARGEST} px wide`
    : null;
}

/** Every variant of one source, written to `outDir` unless an earlier build made them already. */
async function make(
  file: string,
  base: string,
  outDir: string,
): Promise<{ picture: Picture; files: string[]; warning: string | null }> {
  const source = await open(file);
  const hash = createHash('sha256').update(source.bytes).update(SETTINGS).digest('hex').slice(0, 12);
  const name = `${base}-${hash}`;
  const widths = [...new Set(IMAGE_WIDTHS.map((w) => Math.min(w, source.width)))];
  const largest = widths[widths.length - 1] as number;
  const variants = widths.flatMap((w) => IMAGE_FORMATS.map((f) => ({ w, f, file: `${name}-${w}.${f}` })));
  await Promise.all(
    variants.map(async ({ w, f, file: out }) => {
      const target = path.join(outDir, out);
      if (await exists(target)) return;
      // rotate() turns it upright by its EXIF orientation; sharp writes none of the source's metadata.
      await formats[f](sharp(source.bytes).rotate().resize({ width: w })).toFile(target);
    }),
  );
  const picture = { name, widths, width: largest, height: Math.round((source.height * largest) / source.width) };
  return { picture, files: variants.map((v) => v.file), warning: tooSmall(file, source.width) };
}

/**
 * Makes every picture in `sourceDir` (content/images/, or the folder `CONTENT_IMAGES_DIR` names: the
 * tests' own) into `outDir`. Without pictures: nothing made, nothing said. A file that is not a
 * readable JPEG, PNG or WebP, one that tells where, when or by whom it was taken, or a clinic
 * photo that content/images.ts does not list, stops the build; a picture narrower than the
 * largest width made is a warning (the build prints it and goes on).
 */
export async function buildImages(
  sourceDir: string,
  outDir: string,
): Promise<{ manifest: ImageManifest; files: string[]; warnings: string[] }> {
  const files: string[] = [];
  const warnings: string[] = [];
  const manifest: ImageManifest = { portrait: null, clinic: [] };
  for (const name of await filesIn(sourceDir)) {
    const file = path.join(sourceDir, name);
    if (!/^portrait\.[a-z]+$/i.test(name))
      fail(file, 'not used: the portrait is portrait.jpg (or .png, .webp), the clinic photos go in clinic/');
    if (manifest.portrait) fail(file, 'a second portrait: keep one of portrait.jpg, portrait.png and portrait.webp');
    const made = await make(file, 'portrait', outDir);
    manifest.portrait = made.picture;
    files.push(...made.files);
    if (made.warning) warnings.push(made.warning);
  }
  const clinicDir = path.join(sourceDir, 'clinic');
  for (const name of await filesIn(clinicDir)) {
    const file = path.join(clinicDir, name);
    const id: ClinicPhoto = photoName(name);
    if (!clinicPhotos.includes(id))
      fail(
        file,
        `no description: choose '${name}' for a photo in content/facts/pictures.json (clinic) with its description in every language`,
      );
    if (manifest.clinic.some((p) => p.id === id)) fail(file, `a second photo named '${id}'`);
    const made = await make(file, `clinic-${id}`, outDir);
    manifest.clinic.push({ id, page: photoPages[id] ?? 'contact', ...made.picture });
    files.push(...made.files);
    if (made.warning) warnings.push(made.warning);
  }
  // A page shows its photos in the list's order.
  manifest.clinic.sort((a, b) => clinicPhotos.indexOf(a.id) - clinicPhotos.indexOf(b.id));
  return { manifest, files, warnings };
}
