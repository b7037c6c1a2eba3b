// A file of its own: the server's times (server/booking/when.ts) and the browser's times list
// (times.ts) use it, and in model.ts it would make the booking page load model.ts as a chunk of
// its own, shared with times.ts.

/**
 * Each language's locale for Intl, in the Gregorian calendar (Persian's default is the solar
 * Hijri one; the practice and its calendar are Danish): 'fa-IR' writes Persian digits and month names.
 */
export const intlLocales = { da: 'da-DK', en: 'en-GB', fa: 'fa-IR-u-ca-gregory' } as const;
