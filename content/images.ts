// The practice's own pictures are plain files the owner drops in content/images/ (see
// docs/content.md#pictures): `portrait.jpg` (or .png), and the clinic's photos in
// content/images/clinic/. Every picture is described in each language's site.ts: the portrait
// (practice.portrait) and each clinic photo (practice.photos, under its file name without the
// extension, which is listed here so that the type-checker finds a language that lacks a
// description). `npm run build` stops at a photo whose name is not listed.

/** Where a clinic photo is shown: on the home page beside "Et trygt rum", or on the contact page beside the directions. */
export type PhotoPage = 'home' | 'contact';

/**
 * The clinic photos by file name (without .jpg/.png), each with the page it is shown on: the
 * room where the sessions are on the home page, the way in on the contact page. A page shows
 * its photos in the order of their file names, side by side, filling the row.
 */
export const clinicPhotos = {
  entrance: 'contact',
  room: 'home',
} as const satisfies Record<string, PhotoPage>;

export type ClinicPhoto = keyof typeof clinicPhotos;
