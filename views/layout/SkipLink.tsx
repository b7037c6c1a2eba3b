import { useLocale } from '../locale';

export function SkipLink() {
  return (
    <a className="skip-link" href="#main">
      {useLocale().site.skipLink}
    </a>
  );
}
