import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { SOURCE } from './images';
import { pictureSecrets } from './pictureSecrets';

// `npm run pictures:clean`: every picture in content/images/ (and clinic/) that tells where, when
// or by whom it was taken, written again without it: turned upright by its orientation, the same
// format at a high quality, no EXIF, XMP or IPTC (scripts/pictureSecrets.ts says what counts). A
// picture that tells nothing is left as it is. Then commit the pictures it names.

const root = path.resolve(__dirname, '..');

const formats = {
  jpeg: (s: Sharp) => s.jpeg({ quality: 92, mozjpeg: true }),
  png: (s: Sharp) => s.png({ compressionLevel: 9 }),
  webp: (s: Sharp) => s.webp({ quality: 92 }),
};

/** Writes `file` again without what it tells; whether it had anything to tell. */
export async function cleanPicture(file: string): Promise<boolean> {
  const bytes = await readFile(file);
  const meta = await sharp(bytes).metadata();
  const format = meta.format as keyof typeof formats;
  if (!(format in formats) || pictureSecrets(meta).length === 0) return false;
  // rotate() turns it upright by its EXIF orientation; sharp writes none of the source's metadata.
  await writeFile(file, await formats[format](sharp(bytes).rotate()).toBuffer());
  return true;
}

/** Every picture under `dir` (and its clinic/) that told something, cleaned; their paths. */
export async function cleanPictures(dir: string): Promise<string[]> {
  const cleaned: string[] = [];
  for (const folder of [dir, path.join(dir, 'clinic')]) {
    const names = await readdir(folder).catch(() => [] as string[]);
    for (const name of names.filter((n) => SOURCE.test(n)))
      if (await cleanPicture(path.join(folder, name))) cleaned.push(path.join(folder, name));
  }
  return cleaned;
}

if (require.main === module) {
  const dir = path.resolve(process.env.CONTENT_IMAGES_DIR ?? path.join(root, 'content', 'images'));
  cleanPictures(dir).then(
    (cleaned) => {
      for (const file of cleaned) console.log(`cleaned ${path.relative(process.cwd(), file)}: commit it`);
      if (cleaned.length === 0) console.log('pictures: none tells where, when or by whom it was taken');
    },
    (err: Error) => {
      console.error(`pictures:clean failed: ${err.message}`);
      process.exit(1);
    },
  );
}
