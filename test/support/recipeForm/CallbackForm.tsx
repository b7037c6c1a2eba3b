import { type FormEvent, useState } from 'react';
import contactJson from '../../../content/da/contact.json';
import formJson from '../../../content/da/form.json';
import { words } from '../../../content/words';
import { isBlank, isValidPhone } from '../../../views/forms/fields';
import { Honeypot } from '../../../views/forms/Honeypot';
import { postForm } from '../../../views/forms/post';

// A throwaway form ("call me back": one phone field), made by docs/recipes.md's form recipe for
// the tests alone: the pipeline's table test (test/form-pipeline.test.ts) has it as a row, and
// test/e2e/recipe-form.slow.test.ts posts it in Chromium with and without JavaScript. Its
// browser side: the rules (recipe step 1), the texts (step 2: Danish only, here), the component
// (step 3).

export const CALLBACK_PATH = '/api/callback';

const contact = words('da', 'contact', contactJson);
const form = words('da', 'form', formJson);

export const callbackTexts = {
  label: 'Dit telefonnummer',
  submit: 'Ring mig op',
  thanks: 'Tak. Jeg ringer dig op.',
  phone: 'Indtast venligst et gyldigt dansk telefonnummer (8 cifre)',
  errors: contact.form.errors,
};

/** Step 1: the one rule set, for the component and the endpoint. */
export const callbackErrors = (phone: string): { phone?: string } =>
  isBlank(phone) || !isValidPhone(phone) ? { phone: callbackTexts.phone } : {};

/** What the form shows: as it starts, after a post without JavaScript (the server's), or after the script's. */
export interface CallbackState {
  phone?: string;
  sent?: boolean;
  sending?: boolean;
  error?: string;
  fields?: { phone?: string };
}

/** Step 3: the component. It posts without JavaScript by itself; the script's part is onSubmit. */
export function CallbackForm({ seed = {} }: { seed?: CallbackState }) {
  const t = callbackTexts;
  const [state, setState] = useState(seed);
  // The client code of a new form: check, post with the one helper, show what came back.
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const phone = String(new FormData(event.currentTarget).get('phone'));
    const fields = callbackErrors(phone);
    if (fields.phone) return setState({ phone, fields });
    setState({ phone, sending: true });
    const result = await postForm(CALLBACK_PATH, { phone, lang: 'da' }, t.errors);
    setState(result.ok ? { sent: true } : { phone, error: result.error, fields: result.fields });
  }
  if (state.sent) return <p role="status">{t.thanks}</p>;
  return (
    <form method="post" action={CALLBACK_PATH} noValidate onSubmit={onSubmit}>
      <label htmlFor="phone">{t.label}</label>
      <input id="phone" name="phone" type="text" defaultValue={state.phone} aria-describedby="phone-error" />
      <p id="phone-error">{state.fields?.phone}</p>
      <input type="hidden" name="lang" value="da" />
      <Honeypot label={form.honeypotLabel} />
      <div role="alert">{state.error}</div>
      <button type="submit" disabled={state.sending}>
        {t.submit}
      </button>
    </form>
  );
}
