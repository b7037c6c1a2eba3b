// What a visitor wrote, set apart in a plain-text mail to the practice: each line prefixed, as a
// mail program quotes, so that no line of it ("Bekræft tiden: https://…") can pass for the
// site's own words or links above it. Every line break a mail program may show counts as one.

const LINE_BREAK = /\r\n|[\n\r\v\f\u0085\u2028\u2029]/;

export const quoted = (text: string): string =>
  text
    .split(LINE_BREAK)
    .map((line) => `> ${line}`)
    .join('\n');
