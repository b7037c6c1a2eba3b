import { useRef, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import type { ContactField } from '../../content/texts/contact';
import type { ContactFormTexts } from '../../content/links';
import { useLocale } from '../locale';
import { validateContact, type ContactMessage, type FieldErrors } from './validation';
import { postForm } from '../forms/post';
import { CONTACT_PATH } from './send';
import { emptyMessage, emptySeed, type ContactSeed, type Status } from './state';
import { LinkSentence } from '../components/LinkSentence';

/**
 * Server-rendered with method/action, so it posts without JavaScript (with the page's language
 * in a hidden field); once hydrated it validates first and sends JSON with fetch.
 */
export function ContactForm({ texts: t, seed = emptySeed }: { texts: ContactFormTexts; seed?: ContactSeed }) {
  const { lang, href, settings } = useLocale();
  const [values, setValues] = useState<ContactMessage>(seed.values);
  const [errors, setErrors] = useState<FieldErrors>(seed.errors);
  const [status, setStatus] = useState<Status>(seed.status);
  const [error, setError] = useState(seed.error);
  /** The honeypot: read when sending, never shown, so not React state. */
  const website = useRef<HTMLInputElement>(null);

  function update(field: ContactField, value: string | boolean) {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
    // Back to idle, which hides the message (only an error shows it; the next failure sets its own).
    if (status === 'error') setStatus('idle');
  }

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (status === 'submitting') return;
    const found = validateContact(values, t.fieldErrors);
    setErrors(found);
    // validateContact names the fields in the form's order: focus goes to the first (its id is its name).
    const [first] = Object.keys(found);
    if (first) {
      document.getElementById(first)?.focus();
      return;
    }
    setStatus('submitting');
    // With the page's language, so that the server answers in it, and the honeypot's value only
    // when something filled it (JSON leaves out an undefined one).
    const result = await postForm(
      CONTACT_PATH,
      { ...values, lang, website: website.current?.value || undefined },
      t.errors,
    );
    if (result.ok) {
      setValues(emptyMessage);
      setStatus('success');
      return;
    }
    setErrors(result.fields ?? {});
    setError(result.error);
    setStatus('error');
  }

  if (status === 'success') {
    return (
      // Focus moves to the outcome of a send as the card appears, but not when the page loaded with
      // it (the no-JS thank-you page keeps its own focus).
      <div
        className="success-card"
        ref={(card) => void (seed.status !== 'success' && card?.focus())}
        tabIndex={-1}
        role="status"
      >
        <h3>{t.success.heading}</h3>
        <p>{t.success.text}</p>
        <p>{t.success.next}</p>
      </div>
    );
  }

  /** What every field has: its id and name, and its error state. */
  const bind = (field: ContactField, hint?: string) => ({
    id: field,
    name: field,
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': [hint, errors[field] && `${field}-error`].filter(Boolean).join(' ') || undefined,
  });
  const bindText = (field: Exclude<ContactField, 'consent'>, hint?: string) => ({
    ...bind(field, hint),
    value: values[field],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => update(field, e.target.value),
  });
  const fieldError = (field: ContactField) =>
    errors[field] && (
      <p id={`${field}-error`} className="field-error">
        {errors[field]}
      </p>
    );
  /** A text field: its label, a hint if it has one, the input and its error. */
  const field = (name: Exclude<ContactField, 'consent'>, input: ReactNode, hint?: ReactNode) => (
    <div className="field">
      <label htmlFor={name}>{t.labels[name]}</label>
      {hint}
      {input}
      {fieldError(name)}
    </div>
  );
  const submitting = status === 'submitting';

  return (
    <form className="contact-form" method="post" action={CONTACT_PATH} noValidate onSubmit={onSubmit}>
      {/* Part of the form, so that the thank-you card replaces it too. */}
      <p>{t.intro}</p>
      <p className="small">{t.delivery[settings.mailProtection]}</p>
      <p className="small">{t.requiredNote}</p>
      {field('name', <input type="text" autoComplete="name" required {...bindText('name')} />)}
      {field('email', <input type="email" autoComplete="email" required {...bindText('email')} />)}
      {field(
        'phone',
        <input
          // type="text": "tel-national" (the number without +45, as the 8-digit rule wants) is a
          // text-group autofill name that HTML does not allow on type="tel"; inputMode keeps the keypad.
          type="text"
          autoComplete="tel-national"
          inputMode="tel"
          {...bindText('phone', 'phone-hint')}
        />,
        <p id="phone-hint" className="field-hint">
          {t.phoneHint}
        </p>,
      )}
      {field('message', <textarea rows={5} required {...bindText('message')} />)}
      {/* The consent, the honeypot and the alert are views/forms/'s Consent, Honeypot and FormAlert
          written out: as components they cost this page's script 85 bytes it does not have
          (decision 0019). The markup is the same; test/contact-nojs.test.ts compares the alert. */}
      <div className="field field--check">
        <input
          type="checkbox"
          value="true"
          required
          {...bind('consent')}
          checked={values.consent}
          onChange={(e) => update('consent', e.target.checked)}
        />
        <label htmlFor="consent">
          <LinkSentence {...t.consent} href={href('privacy')} />
        </label>
        {fieldError('consent')}
      </div>
      <input type="hidden" name="lang" value={lang} />
      <div className="honeypot" aria-hidden="true">
        <label htmlFor="website">{t.honeypotLabel}</label>
        <input ref={website} id="website" name="website" type="text" tabIndex={-1} autoComplete="off" />
      </div>
      <div role="alert" className="form-alert">
        {status === 'error' && <p className="form-alert__text">{error}</p>}
      </div>
      <button type="submit" className="button button--primary" disabled={submitting}>
        {submitting ? t.submitting : t.submit}
      </button>
    </form>
  );
}
