import { isolated } from './bidi';
import pictures from './facts/pictures.json';
import { type Lang, languages } from './languages';

// The practice's own pictures are plain files the owner drops in content/images/ (see
// docs/content.md#pictures): `portrait.jpg` (or .png), and the clinic's photos in
// content/images/clinic/. content/facts/pictures.json lists them with their descriptions in
// every language: the portrait's, and each clinic photo's under its file name without the
// extension, in the order the contact page shows them. `npm run build` stops at a photo it does
// not list; content/schema.ts checks the list against the folder.

interface Described {
  /** The picture's description (its alt text) in each language: who, or what room or door. */
  description: Record<Lang, string>;
}

/** content/facts/pictures.json. */
export interface PictureFacts {
  portrait: Record<Lang, string>;
  /** The clinic's photos in the order the contact page shows them; `file` without .jpg/.png. */
  clinic: (Described & { file: string })[];
}

const facts: PictureFacts = pictures;

/** A clinic photo's file name, without .jpg/.png. */
export type ClinicPhoto = string;

/** The clinic photos' file names, in the order the contact page shows them. */
export const clinicPhotos: ClinicPhoto[] = facts.clinic.map((photo) => photo.file);

const inLanguage = (lang: Lang, text: string) => (languages[lang].dir === 'rtl' ? isolated(text) : text);

export const portraitDescription = (lang: Lang): string => inLanguage(lang, facts.portrait[lang]);

/** Each clinic photo's description in `lang`, by file name. */
export const clinicPhotoDescriptions = (lang: Lang): Record<ClinicPhoto, string> =>
  Object.fromEntries(facts.clinic.map((photo) => [photo.file, inLanguage(lang, photo.description[lang])]));
