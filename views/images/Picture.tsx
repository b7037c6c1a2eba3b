import type { PhotoPage } from '../../content/choices';
import { useLocale } from '../locale';
import { images, type Picture as Made } from './manifest';

interface Props {
  picture: Made;
  /** The description in the page's language. */
  alt: string;
  /** How wide it is drawn, as the stylesheet lays it out: the browser picks the width from it. */
  sizes: string;
  /** The largest thing on the first screen: fetched at once and first; otherwise only when scrolled near. */
  first?: boolean;
  className?: string;
}

/** AVIF, then WebP, then JPEG for browsers that know neither, each at every width the build made. */
export function Picture({ picture: p, alt, sizes, first, className }: Props) {
  const set = (ext: string) => p.widths.map((w) => `/assets/${p.name}-${w}.${ext} ${w}w`).join(', ');
  return (
    <picture className={className}>
      <source type="image/avif" srcSet={set('avif')} sizes={sizes} />
      <source type="image/webp" srcSet={set('webp')} sizes={sizes} />
      <img
        src={`/assets/${p.name}-${p.widths[0]}.jpg`}
        srcSet={set('jpg')}
        sizes={sizes}
        width={p.width}
        height={p.height}
        alt={alt}
        decoding="async"
        loading={first ? undefined : 'lazy'}
        fetchPriority={first ? 'high' : undefined}
      />
    </picture>
  );
}

/**
 * The clinic photos of one page (content/images.ts says which), each with its description as
 * its visible caption (so the picture itself needs no second, spoken one), side by side: any
 * number fills its row. `sizes`: how wide one is drawn at most.
 */
export function ClinicPhotos({ page, sizes }: { page: PhotoPage; sizes: string }) {
  const { site } = useLocale();
  const shown = images.clinic.filter((photo) => photo.page === page);
  return shown.length ? (
    <ul className="clinic-photos">
      {shown.map((photo) => (
        <li key={photo.id}>
          <figure>
            <Picture picture={photo} alt="" sizes={sizes} />
            <figcaption>{site.practice.photos[photo.id]}</figcaption>
          </figure>
        </li>
      ))}
    </ul>
  ) : null;
}
