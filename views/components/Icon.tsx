import type { IconName } from '../../content/choices';

/** Every icon the stylesheet draws: client/icons/<shape>.svg, with a `.icon-<shape>` rule in client/styles/icons.css. */
export type IconShape =
  | IconName
  | 'phone'
  | 'mail'
  | 'map-pin'
  | 'clock'
  | 'train'
  | 'car'
  | 'menu'
  | 'x'
  | 'chevron-down'
  | 'external'
  | 'quote'
  | 'check';

/**
 * A decorative icon. It is drawn by the stylesheet (a mask in the text's colour), so it costs the
 * page one empty element and no script, and it needs no request of its own.
 */
export function Icon({
  shape,
  size = 24,
  className,
}: {
  shape: IconShape;
  size?: 18 | 20 | 24 | 28 | 32;
  className?: string;
}) {
  const classes = `icon icon-${shape}${size === 24 ? '' : ` icon-${size}`}${className ? ` ${className}` : ''}`;
  return <span className={classes} aria-hidden="true" />;
}
