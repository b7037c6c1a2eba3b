import type { AboutWords } from './texts/about';

// The practitioner's education and experience as dates, newest experience first; what each
// entry is called is in each language's about.json, by id. Example entries: the owner replaces them.

/** From and to (null: to this day), or a single year. */
export type Years = [from: number, to?: number | null];

/** By id, as each language's about.json names them. */
export type EducationId = keyof AboutWords['education'];
export type ExperienceId = keyof AboutWords['experience'];

export const education: { id: EducationId; years: Years }[] = [
  { id: 'candpsych', years: [2009, 2014] },
  { id: 'authorisation', years: [2017] },
  { id: 'cbt', years: [2016, 2018] },
  { id: 'family', years: [2019, 2021] },
];

export const experience: { id: ExperienceId; years: Years }[] = [
  { id: 'supervisor', years: [2021, null] },
  { id: 'own-practice', years: [2019, null] },
  { id: 'municipality', years: [2017, 2019] },
  { id: 'psychiatry', years: [2014, 2017] },
  { id: 'volunteer', years: [2011, 2014] },
];
