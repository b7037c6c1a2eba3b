import { isolated } from './bidi';
import pictures from './facts/pictures.json';
import { type Lang, languages } from './languages';

// The practice's own pictures are plain files the owner drops in content/images/ (see
// docs/content.md#pictures): `portrait.jpg` (or .png), and the clinic's photos in
// content/images/clinic/. content/facts/pictures.json lists them with their descriptions in
// every language: the portrait's, and each clinic photo's under its file name without the
// extension, with the page it is shown on (the room by "Et trygt rum" on the home page, the way
// in by the directions on the contact page), in the order a page shows them. `npm run build` stops at a photo it does
// not list; content/schema.ts checks the list against the folder.

/** Where a clinic photo is shown: on the home page beside "Et trygt rum", or on the contact page beside the directions. */
export const PHOTO_PAGES = ['home', 'contact'] as const;
export type PhotoPage = (typeof PHOTO_PAGES)[number];

interface Described {
  /** The picture's description (its alt text) in each language: who, or what room or door. */
  description: Record<Lang, string>;
}

/** content/facts/pictures.json. */
export interface PictureFacts {
  portrait: Record<Lang, string>;
  /** The clinic's photos in the order a page shows them; `file` without .jpg/.png; `page` where. */
  clinic: (Described & { file: string; page: PhotoPage })[];
}

const isPhotoPage = (page: string): page is PhotoPage => (PHOTO_PAGES as readonly string[]).includes(page);
// JSON's `page` is a string to the type-checker; content/schema checks it at build, and this keeps the type honest.
const facts: PictureFacts = {
  portrait: pictures.portrait,
  clinic: pictures.clinic.map((photo) => ({ ...photo, page: isPhotoPage(photo.page) ? photo.page : 'contact' })),
};

/** A clinic photo's file name, without .jpg/.png. */
export type ClinicPhoto = string;

/** The clinic photos' file names, in the order a page shows them. */
export const clinicPhotos: ClinicPhoto[] = facts.clinic.map((photo) => photo.file);

/** The page each clinic photo is shown on, by file name. */
export const photoPages: Record<ClinicPhoto, PhotoPage> = Object.fromEntries(
  facts.clinic.map((photo) => [photo.file, photo.page]),
);

const inLanguage = (lang: Lang, text: string) => (languages[lang].dir === 'rtl' ? isolated(text) : text);

export const portraitDescription = (lang: Lang): string => inLanguage(lang, facts.portrait[lang]);

/** Each clinic photo's description in `lang`, by file name. */
export const clinicPhotoDescriptions = (lang: Lang): Record<ClinicPhoto, string> =>
  Object.fromEntries(facts.clinic.map((photo) => [photo.file, inLanguage(lang, photo.description[lang])]));
