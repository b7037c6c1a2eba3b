import type { InputHTMLAttributes, ReactNode } from 'react';
import type { FormTexts } from '../../content/texts/common';

/**
 * The consent both forms ask for, with a link to the privacy policy: the checkbox (id and name
 * `consent`, value 'true'; the form adds its state and description), its label, and the place
 * for its error.
 */
export function Consent({
  texts,
  privacy,
  input,
  error,
}: {
  texts: FormTexts['consent'];
  privacy: string;
  input: InputHTMLAttributes<HTMLInputElement>;
  error: ReactNode;
}) {
  return (
    <div className="field field--check">
      <input type="checkbox" value="true" required id="consent" name="consent" {...input} />
      <label htmlFor="consent">
        {texts.before}
        <a href={privacy}>{texts.linkText}</a>
        {texts.after}
      </label>
      {error}
    </div>
  );
}
