import { file, group, type Infer, line, list, text } from '../schema/fields';
import { ctaBand } from './common';

const course = (label: string) => group(label, { title: line('Titel'), place: line('Sted') });
const job = (label: string) => group(label, { role: line('Stilling'), place: line('Sted') });

/** content/<lang>/about.json: the about page's words (the years are content/career.ts's). */
export const about = file('Om mig', 'Siden Om mig.', {
  heading: line('Overskrift', { hint: 'Sidens store overskrift.' }),
  profileLabel: line('Profil (etiket)', {
    hint: 'Navnet på profilafsnittet for skærmlæsere; afsnittet har ingen synlig overskrift.',
  }),
  lead: text('Indledning', { hint: 'Teksten under sidens overskrift.' }),
  profile: list('Profil', text('Afsnit'), { hint: 'Afsnittene ved portrættet.' }),
  educationHeading: line('Uddannelse (overskrift)', { hint: 'Over listen af uddannelser.' }),
  education: group(
    'Uddannelse',
    {
      candpsych: course('Cand.psych.'),
      authorisation: course('Autorisation'),
      cbt: course('Kognitiv terapi'),
      family: course('Familieterapi'),
    },
    { hint: 'Hver uddannelses titel og sted; årstallene står i koden (content/career.ts).' },
  ),
  experienceHeading: line('Erfaring (overskrift)', { hint: 'Over listen af stillinger.' }),
  experience: group(
    'Erfaring',
    {
      supervisor: job('Supervisor'),
      'own-practice': job('Egen praksis'),
      municipality: job('Kommunen'),
      psychiatry: job('Psykiatrien'),
      volunteer: job('Frivilligt arbejde'),
    },
    { hint: 'Hver stillings titel og sted; årstallene står i koden (content/career.ts).' },
  ),
  now: line('I dag', { max: 20, hint: 'Slutningen på en periode, der varer endnu: »2019–nu«.' }),
  cta: ctaBand('Nederst på siden: en overskrift, en linje og knapper til booking og kontakt.'),
});

export type AboutWords = Infer<typeof about>;
