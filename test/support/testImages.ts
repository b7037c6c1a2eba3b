import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

// The owner's pictures as the tests make them: no person's photo is in the repository. A
// gradient with soft circles and grain stands in for a photo (it compresses like one).

/** The GPS position a camera writes (a home's, say): none of it may reach a visitor. */
const GPS = {
  GPSLatitudeRef: 'N',
  GPSLatitude: '57/1 2/1 54/1',
  GPSLongitudeRef: 'E',
  GPSLongitude: '9/1 55/1 12/1',
};

function scene(width: number, height: number, hues: [string, string]): Buffer {
  const circles = Array.from({ length: 24 }, (_, i) => {
    const r = Math.round((Math.min(width, height) * (8 + ((i * 37) % 14))) / 100);
    return `<circle cx="${(i * 997) % width}" cy="${(i * 1733) % height}" r="${r}" fill="url(#r)" opacity="0.55"/>`;
  }).join('');
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs>` +
      `<linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${hues[0]}"/><stop offset="1" stop-color="${hues[1]}"/></linearGradient>` +
      '<radialGradient id="r"><stop offset="0" stop-color="#f6ecdc"/><stop offset="1" stop-color="#8e6c4a" stop-opacity="0"/></radialGradient>' +
      `</defs><rect width="100%" height="100%" fill="url(#g)"/>${circles}</svg>`,
  );
}

/**
 * A camera's JPEG: `width` x `height` as stored, held upright by EXIF orientation 6 (turn 90°
 * clockwise), so it shows `height` wide; as a phone writes it (`told`), with the camera's make, a
 * GPS position and XMP, or with its orientation only, as a picture is committed once cleaned. Its
 * stored left edge is a red band: upright, that band is the picture's top.
 */
export async function cameraJpeg(width: number, height: number, told = true): Promise<Buffer> {
  const grain = await sharp({
    create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 10 } },
  })
    .png()
    .toBuffer();
  const band = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${Math.round(width / 12)}" height="100%" fill="#e00000"/></svg>`,
  );
  const photo = sharp(scene(width, height, ['#d8c3a5', '#3d5a6c']))
    .composite([{ input: grain, blend: 'soft-light' }, { input: band }])
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 });
  if (!told) return photo.toBuffer();
  return photo
    .withExif({ IFD0: { Make: 'TestCam', Model: 'T1' }, IFD3: GPS })
    .withXmp(
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></x:xmpmeta>',
    )
    .toBuffer();
}

/**
 * An upright JPEG of the gradient and circles alone: without grain or metadata, the same bytes on
 * every run, so the build names its variants the same (scripts/images.ts hashes the source) and a
 * cache of them stays valid (test/support/pictureBuild.ts). Flat colour encodes several times
 * faster than a photo; the page-weight tests need the pictures' number and widths, not their grain.
 */
export function plainJpeg(width: number, height: number): Promise<Buffer> {
  return sharp(scene(width, height, ['#d8c3a5', '#3d5a6c']))
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** A PNG whose corners are transparent (a cut-out picture). */
export function transparentPng(width: number, height: number): Promise<Buffer> {
  const mask = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><ellipse cx="50%" cy="50%" rx="48%" ry="48%" fill="#fff"/></svg>`,
  );
  return sharp(scene(width, height, ['#9fb8ad', '#4a4e69']))
    .ensureAlpha()
    .composite([{ input: mask, blend: 'dest-in' }])
    .png()
    .toBuffer();
}

/** content/images/ as the owner fills it through the editor (nothing told but the orientation): the portrait and two clinic photos (named as content/images.ts lists them). */
export async function writeOwnerImages(dir: string, size: { width: number; height: number }): Promise<void> {
  mkdirSync(path.join(dir, 'clinic'), { recursive: true });
  writeFileSync(path.join(dir, 'portrait.jpg'), await cameraJpeg(size.height, size.width, false));
  writeFileSync(
    path.join(dir, 'clinic', 'entrance.png'),
    await transparentPng(Math.round(size.height / 4), Math.round(size.width / 4)),
  );
  writeFileSync(path.join(dir, 'clinic', 'room.jpg'), await cameraJpeg(size.height / 2, size.width / 2, false));
}
