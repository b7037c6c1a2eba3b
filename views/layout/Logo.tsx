import { practice } from '../../content/practice';

export function Logo() {
  return (
    <span className="logo">
      <svg className="logo__mark" width="36" height="36" viewBox="0 0 36 36" aria-hidden="true" focusable="false">
        <circle cx="18" cy="18" r="17" fill="currentColor" />
        <path d="M11 22c2.5-6 5-9 7-9s4.5 3 7 9" fill="none" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" />
        <circle cx="18" cy="10" r="2.2" fill="#fff" />
      </svg>
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
