import { describeBrowser, useBrowserSuite } from './harness';
import { contactFormTests } from './journeys/contact';

// One way through the contact form in each language: Danish and Persian with JavaScript, English
// without (test/e2e/journeys/contact.ts). The other tests of the form are in contact-form.slow.test.ts.

describeBrowser('contact form', () => {
  contactFormTests(useBrowserSuite());
});
