// The practice's own pictures are plain files the owner drops in content/images/ (see
// docs/content.md#pictures): `portrait.jpg` (or .png), and the clinic's photos in
// content/images/clinic/, shown on the contact page in the order of their file names. Every
// picture is described in each language: the portrait in `<lang>/site.ts` (practice.portrait),
// each clinic photo in `<lang>/contact.ts` (photos), under its file name without the extension,
// which is listed here so that the type-checker finds a language that lacks a description.
// `npm run build` stops at a photo whose name is not listed.

/** The clinic photos' file names, without .jpg/.png. */
export const clinicPhotos = ['entrance', 'room'] as const;

export type ClinicPhoto = (typeof clinicPhotos)[number];
