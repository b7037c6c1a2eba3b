import { file, group, type Infer, line, list, number, text, yesNo } from '../schema/fields';
import { ctaBand } from './common';

/** A year on her career's timeline: the same in every language. */
const YEAR = { min: 1950, max: 2100, whole: true, same: true } as const;

const course = group('Uddannelse', {
  from: number('Fra år', { ...YEAR, hint: 'Året, den begyndte (eller det ene år, fx autorisationens).' }),
  to: number('Til år', { ...YEAR, optional: true, hint: 'Året, den sluttede. Tom: kun ét år.' }),
  credential: yesNo('Også øverst', {
    optional: true,
    same: true,
    hint: 'Vises også øverst ved dit navn: med årstallet, når der er ét år, ellers med stedet.',
  }),
  title: line('Titel'),
  place: line('Sted'),
});

const job = group('Stilling', {
  from: number('Fra år', YEAR),
  to: number('Til år', { ...YEAR, optional: true, hint: 'Tom: til i dag (»2019–nu«).' }),
  role: line('Stilling'),
  place: line('Sted'),
});

/** content/<lang>/about.json: the about page's words, her education and experience with their years among them. */
export const about = file('Om mig', 'Siden Om mig.', {
  heading: line('Overskrift', { hint: 'Sidens store overskrift.' }),
  profileLabel: line('Profil (etiket)', {
    hint: 'Navnet på profilafsnittet for skærmlæsere; afsnittet har ingen synlig overskrift.',
  }),
  lead: text('Indledning', { hint: 'Teksten under sidens overskrift.' }),
  profile: list('Profil', text('Afsnit'), { hint: 'Afsnittene ved portrættet.' }),
  educationHeading: line('Uddannelse (overskrift)', { hint: 'Over listen af uddannelser.' }),
  education: list('Uddannelse', course, {
    hint: 'Dine uddannelser i den rækkefølge, siden viser dem. Årstal og »Også øverst« skrives på dansk og følger med til de andre sprog; tilføj, flyt eller fjern på alle tre sprog.',
  }),
  experienceHeading: line('Erfaring (overskrift)', { hint: 'Over listen af stillinger.' }),
  experience: list('Erfaring', job, {
    hint: 'Dine stillinger, nyeste først. Årstallene skrives på dansk og følger med; tilføj, flyt eller fjern på alle tre sprog.',
  }),
  now: line('I dag', { max: 20, hint: 'Slutningen på en periode, der varer endnu: »2019–nu«.' }),
  cta: ctaBand('Nederst på siden: en overskrift, en linje og knapper til booking og kontakt.'),
});

export type AboutWords = Infer<typeof about>;
