import { practice } from '../../content/practice';
import { parts } from '../format';
import { useLocale } from '../locale';

export function Logo() {
  const { lang, site } = useLocale();
  return (
    <span className="logo">
      {/* The mark is the favicon's shape, drawn by the stylesheet in the colour scheme's colours. */}
      <span className="logo__mark" aria-hidden="true" />
      <span className="logo__text">
        <span className="logo__name">{practice.name}</span>
        {/* A space, so the text reads "Aalborg Sara", not "AalborgSara" (the flex column hides it). */}{' '}
        <span className="logo__sub">
          {parts([site.practice.practitioner, site.practice.title.toLowerCase()], lang)}
        </span>
      </span>
    </span>
  );
}
