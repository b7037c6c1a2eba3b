import { isolated } from './bidi';
import { PHOTO_PAGES, type PhotoPage } from './choices';
import pictures from './facts/pictures.json';
import { type Lang, languages } from './languages';
import type { PicturesJson } from './schema/facts';

// The practice's own pictures are plain files the owner drops in content/images/ (see
// docs/content.md#pictures): `portrait.jpg` (or .png), and the clinic's photos in
// content/images/clinic/. content/facts/pictures.json lists them with their descriptions in
// every language: the portrait's, and each clinic photo's under its file's name ('room.jpg',
// chosen in the editor), with the page it is shown on (the room by "Et trygt rum" on the home
// page, the way in under the address on the contact page), in the order a page shows them. A
// listed photo not yet in the folder is not shown (its description waits for it); `npm run build`
// stops at a photo it does not list; scripts/checkFacts.ts checks the list against the folder.

const isPhotoPage = (page: string): page is PhotoPage => (PHOTO_PAGES as readonly string[]).includes(page);
const json: PicturesJson = pictures;
// JSON's `page` is a string to the type-checker; the content check refuses another at build, and this keeps the type honest.
const facts = {
  portrait: json.portrait,
  clinic: json.clinic.map((photo) => ({ ...photo, page: isPhotoPage(photo.page) ? photo.page : ('contact' as const) })),
};

/** A clinic photo's name: its file's, without .jpg/.png ('room'). */
export type ClinicPhoto = string;

/** A file's name without its extension: the photo's name. */
export const photoName = (file: string): ClinicPhoto => file.replace(/\.[^.]*$/, '');

/** The clinic photos' names, in the order a page shows them (a photo replaced by a .png keeps its name). */
export const clinicPhotos: ClinicPhoto[] = facts.clinic.map((photo) => photoName(photo.file));

/** The page each clinic photo is shown on, by name. */
export const photoPages: Record<ClinicPhoto, PhotoPage> = Object.fromEntries(
  facts.clinic.map((photo) => [photoName(photo.file), photo.page]),
);

const inLanguage = (lang: Lang, text: string) => (languages[lang].dir === 'rtl' ? isolated(text) : text);

export const portraitDescription = (lang: Lang): string => inLanguage(lang, facts.portrait[lang]);

/** Each clinic photo's description in `lang`, by name. */
export const clinicPhotoDescriptions = (lang: Lang): Record<ClinicPhoto, string> =>
  Object.fromEntries(facts.clinic.map((photo) => [photoName(photo.file), inLanguage(lang, photo.description[lang])]));
