import type { Browser, Page } from 'playwright-core';
import { MARKER } from '../support/hostileContent';

// What the browser tests of hostile content share (hostile-content.test.ts and its slow
// variations): a page that records what a script would do, what the content could have added, and
// a value as HTML parsing gives it back.

/** A value as HTML parsing gives it back: a CRLF is one line feed. */
export const parsed = (text: string) => text.replace(/\r\n/g, '\n');

/** A new page, and what it did that a script would: dialogs, and console lines with the marker. */
export async function watched(browser: Browser) {
  const page = await browser.newPage();
  const ran: string[] = [];
  page.on('dialog', (dialog) => {
    ran.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on('console', (message) => {
    if (message.text().includes(MARKER)) ran.push(`console: ${message.text()}`);
  });
  return { page, ran };
}

/** The page's scripts (but JSON) and pictures: the content must have added none. */
export const counts = (page: Page) =>
  page.evaluate(() => ({
    scripts: [...document.querySelectorAll('script')].filter((s) => !s.type.includes('json')).length,
    images: document.querySelectorAll('img').length,
  }));
