import type { RequestHandler } from 'express';

// The one script of the answer page: her message box shows a phone number in order while she
// types it into Persian text. After Persian letters the bidi algorithm takes a number's digits for
// Arabic numbers and the spaces between its groups for right to left, so "12 34 56 78" shows as
// "78 56 34 12" in the box, whatever its dir or unicode-bidi (measured in Chromium; the mail
// isolates the number itself, server/mail/visitorParts.ts). A no-break space between two digits
// is a common separator, which joins the groups into one number that reads left to right; a
// left-to-right mark before a '+' keeps it in front of the number. Both leave what she sees
// as she typed it, and the page works the same without the script.

/** Runs in her browser: written as code here, sent as its own source (no build step, no bundle). */
function keepNumbersInOrder(): void {
  const box = document.getElementById('message');
  if (!(box instanceof HTMLTextAreaElement)) return;
  const tidy = () => {
    const { value, selectionStart, selectionEnd } = box;
    let shift = 0;
    const next = value
      .replace(/([0-9\u06f0-\u06f9\u0660-\u0669]) (?=[0-9\u06f0-\u06f9\u0660-\u0669])/g, '$1\u00a0')
      .replace(/(^|[^\u200e])\+(?=[0-9\u06f0-\u06f9\u0660-\u0669])/g, (_, before: string, at: number) => {
        if (at + before.length < selectionStart) shift += 1;
        return `${before}\u200e+`;
      });
    if (next === value) return;
    box.value = next;
    box.setSelectionRange(selectionStart + shift, selectionEnd + shift);
  };
  box.addEventListener('input', tidy);
  tidy();
}

/** Where the page loads it: on its own path, so that the site's policy (script-src 'self') lets it run. */
export const MESSAGE_SCRIPT_PATH = '/booking/besked.js';

const source = `(${keepNumbersInOrder.toString()})();\n`;

/** GET MESSAGE_SCRIPT_PATH. */
export const messageScript: RequestHandler = (_req, res) => {
  res.set('Cache-Control', 'public, max-age=3600').type('text/javascript').send(source);
};
