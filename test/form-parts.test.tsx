import { renderToStaticMarkup } from 'react-dom/server';
import request from 'supertest';
import { langs } from '../content/languages';
import { translations } from '../content/translations';
import { Consent } from '../views/forms/Consent';
import { FormAlert } from '../views/forms/FormAlert';
import { Honeypot } from '../views/forms/Honeypot';
import { paths } from '../views/routes';
import { makeApp } from './support/app';

// The contact form writes the consent, the honeypot and the alert out (ContactForm.tsx: as
// components they would cost /kontakt's script bytes its budget does not have); the booking steps
// use views/forms/'s components. Here each language's contact page holds exactly what those
// components render, so the two forms' parts cannot drift apart.

describe.each(langs)('the contact form shows the forms’ shared parts (%s)', (lang) => {
  test('consent, honeypot and alert as views/forms/ renders them', async () => {
    const { form } = await translations[lang].contact();
    const { app } = makeApp();
    const html = (await request(app).get(paths.contact[lang]).expect(200)).text;
    const parts = {
      consent: renderToStaticMarkup(
        <Consent
          texts={form.consent}
          privacy={paths.privacy[lang]}
          error={undefined}
          id="consent"
          name="consent"
          checked={false}
          onChange={() => undefined}
        />,
      ),
      honeypot: renderToStaticMarkup(<Honeypot label={form.honeypotLabel} />),
      alert: renderToStaticMarkup(<FormAlert />),
    };
    for (const [part, markup] of Object.entries(parts))
      expect({ part, found: html.includes(markup) }).toEqual({ part, found: true });
  });
});
