import type { InputHTMLAttributes, ReactNode } from 'react';
import type { FormTexts } from '../../content/texts/form';
import { LinkSentence } from '../components/LinkSentence';

/**
 * The consent both forms ask for, with a link to the privacy policy: the checkbox (id and name
 * `consent`, value 'true'; the form gives its state and description as the checkbox's own
 * attributes), its label, and the place for its error.
 */
export function Consent({
  texts,
  privacy,
  error,
  ...checkbox
}: { texts: FormTexts['consent']; privacy: string; error: ReactNode } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className="field field--check">
      <input type="checkbox" value="true" required {...checkbox} />
      <label htmlFor="consent">
        <LinkSentence {...texts} href={privacy} />
      </label>
      {error}
    </div>
  );
}
