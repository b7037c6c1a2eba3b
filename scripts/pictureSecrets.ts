import type { Metadata } from 'sharp';

// What a picture file tells besides its pixels: where it was taken (GPS), with what camera, when,
// by whom. A photo from her phone carries all of it in its EXIF (and often XMP). The build never
// passes it on (scripts/images.ts writes none of it), but the file she commits lies in the
// repository as it is: so the build refuses a picture that carries any of it, naming the one
// command that takes it out (`npm run pictures:clean`, scripts/cleanPictures.ts); the editor
// re-encodes her uploads in the browser, which drops it (editor/config.yml's transformations).
// What says nothing about her is allowed: the orientation that keeps a photo upright, its resolution.

/** EXIF tags that say nothing of where, when or who (the main directory's and the Exif directory's). */
const HARMLESS = new Set([
  0x0100, // ImageWidth
  0x0101, // ImageLength
  0x0102, // BitsPerSample
  0x0103, // Compression
  0x0106, // PhotometricInterpretation
  0x0112, // Orientation
  0x0115, // SamplesPerPixel
  0x011a, // XResolution
  0x011b, // YResolution
  0x0128, // ResolutionUnit
  0x0213, // YCbCrPositioning
  0x9000, // ExifVersion
  0x9101, // ComponentsConfiguration
  0xa000, // FlashpixVersion
  0xa001, // ColorSpace
  0xa002, // PixelXDimension
  0xa003, // PixelYDimension
]);

const GPS_DIRECTORY = 0x8825;
const EXIF_DIRECTORY = 0x8769;

/** What is said, in the order the message names it. */
const SAYS = {
  gps: 'the GPS position where it was taken',
  camera: 'the camera, its owner or the time it was taken',
  thumbnail: 'a thumbnail of the original',
  unreadable: 'EXIF it cannot read',
};

/** What the EXIF block says that it should not; none when it is harmless. */
function exifSecrets(exif: Buffer): (keyof typeof SAYS)[] {
  // sharp gives the APP1 payload: 'Exif\0\0', then a TIFF header.
  const tiff = exif.subarray(exif.subarray(0, 6).toString('latin1') === 'Exif\0\0' ? 6 : 0);
  if (tiff.length < 8) return [];
  const le = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (at: number) => (le ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (le ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const said = new Set<keyof typeof SAYS>();
  /** The tags of the directory at `at`, and the offset of the next one (0: none). */
  const directory = (at: number): { tags: { tag: number; value: number }[]; next: number } | null => {
    if (at + 2 > tiff.length) return null;
    const count = u16(at);
    if (at + 2 + count * 12 + 4 > tiff.length) return null;
    const tags = Array.from({ length: count }, (_, i) => ({
      tag: u16(at + 2 + i * 12),
      value: u32(at + 2 + i * 12 + 8),
    }));
    return { tags, next: u32(at + 2 + count * 12) };
  };
  const main = directory(u32(4));
  if (!main) return ['unreadable'];
  for (const { tag, value } of main.tags) {
    if (tag === GPS_DIRECTORY) said.add('gps');
    else if (tag === EXIF_DIRECTORY) {
      const sub = directory(value);
      if (!sub) said.add('unreadable');
      else if (sub.tags.some((t) => !HARMLESS.has(t.tag))) said.add('camera');
    } else if (!HARMLESS.has(tag)) said.add('camera');
  }
  // A second directory holds a thumbnail: the picture as the camera took it, before any crop.
  if (main.next !== 0) said.add('thumbnail');
  return (Object.keys(SAYS) as (keyof typeof SAYS)[]).filter((key) => said.has(key));
}

/** What a picture's metadata tells of where, when and by whom, in words (none: it tells nothing). */
export function pictureSecrets(meta: Pick<Metadata, 'exif' | 'xmp' | 'iptc'>): string[] {
  return [
    ...(meta.exif ? exifSecrets(meta.exif).map((key) => SAYS[key]) : []),
    ...(meta.xmp ? ['XMP data (which may hold all of it)'] : []),
    ...(meta.iptc ? ['IPTC data (names, places, captions)'] : []),
  ];
}
