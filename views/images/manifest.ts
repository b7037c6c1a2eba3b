import type { PhotoPage } from '../../content/choices';
import type { ClinicPhoto } from '../../content/images';

/** One of the owner's pictures as the build made it (scripts/images.ts). */
export interface Picture {
  /** The files' shared name: /assets/<name>-<width>.<avif|webp|jpg>; the hash in it names the source and the settings. */
  name: string;
  /** The widths made, ascending: at most the source's own width. */
  widths: number[];
  /** The largest variant's size, upright: the <img>'s width and height (its aspect ratio, no layout shift). */
  width: number;
  height: number;
}

export interface ImageManifest {
  portrait: Picture | null;
  /** In the order content/facts/pictures.json lists them, each with the page it is shown on. */
  clinic: (Picture & { id: ClinicPhoto; page: PhotoPage })[];
}

const NO_IMAGES: ImageManifest = { portrait: null, clinic: [] };

/**
 * The build writes the manifest into both bundles, the server's and the browser's, as the string
 * `process.env.SITE_IMAGES` (esbuild's `define`; "" without pictures), so that both render the
 * same pictures and hydration matches. The pages test it themselves, `process.env.SITE_IMAGES ?
 * <Picture …/> : null`: esbuild folds that to null in a build without pictures and leaves the
 * picture code out of the browser's script (the JavaScript budget has no room to spare). From
 * source (jest, `npm run dev`'s server) the variable is unset: no pictures, unless a test sets it.
 */
export const images: ImageManifest = process.env.SITE_IMAGES
  ? (JSON.parse(process.env.SITE_IMAGES) as ImageManifest)
  : NO_IMAGES;
