import { practice } from '../../content/practice';

export function Logo() {
  return (
    <span className="logo">
      {/* The mark is the favicon, drawn by the stylesheet. */}
      <span className="logo__mark" aria-hidden="true" />
      <span className="logo__text">
        <span className="logo__name">{practice.name}</span>
        {/* A space, so the text reads "Aalborg Sara", not "AalborgSara" (the flex column hides it). */}{' '}
        <span className="logo__sub">
          {practice.practitioner}, {practice.title.toLowerCase()}
        </span>
      </span>
    </span>
  );
}
