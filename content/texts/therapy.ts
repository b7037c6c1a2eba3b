import { file, group, type Infer, line, list, sentence, text } from '../schema/fields';
import { ctaBand } from './common';

const area = (label: string) =>
  group(label, {
    title: line('Titel'),
    description: sentence('Beskrivelse', { hint: 'En eller to sætninger, altid synlige på kortet.' }),
    details: list('Detaljer', text('Afsnit'), { hint: 'Vises, når kortet foldes ud: et kort afsnit hver.' }),
  });

/** content/<lang>/therapy.json: the therapy page's words (the areas' order and icons are content/therapyAreas.ts's). */
export const therapy = file('Terapi', 'Siden Terapi.', {
  heading: line('Overskrift', { hint: 'Sidens store overskrift.' }),
  lead: text('Indledning', { hint: 'Teksten under sidens overskrift.' }),
  areasHeading: line('Områder (overskrift)', { hint: 'Over kortene med områderne.' }),
  areas: group(
    'Områder',
    {
      'familie-og-par': area('Familie og par'),
      angst: area('Angst'),
      depression: area('Depression'),
      stress: area('Stress'),
      kriser: area('Kriser'),
      neurodiversitet: area('Neurodiversitet'),
    },
    { hint: 'Kortene på siden; rækkefølgen og ikonerne står i koden (content/therapyAreas.ts).' },
  ),
  toggle: group(
    'Fold ud/ind',
    { open: line('Fold ud', { max: 60 }), close: line('Fold ind', { max: 60 }) },
    { hint: 'Knappen under hvert kort, der viser eller skjuler detaljerne.' },
  ),
  approach: group(
    'Min tilgang',
    {
      heading: line('Overskrift'),
      paragraphs: list('Afsnit', text('Afsnit')),
      points: list('Punkter', text('Punkt')),
    },
    { hint: 'Afsnittet om, hvordan du arbejder.' },
  ),
  cta: ctaBand('Nederst på siden: en overskrift, en linje og knapper til booking og kontakt.'),
});

export type TherapyWords = Infer<typeof therapy>;
