import { AREA_ICONS, iconNames } from '../choices';
import { choice, file, group, type Json, line, list, sentence, text } from '../schema/fields';
import { ctaBand } from './common';

const area = group('Område', {
  id: line('Navn i adressen', {
    max: 40,
    format: 'fileName',
    same: true,
    hint: 'Kortets navn i adressen (/terapi#angst): små bogstaver, tal og bindestreg. Forsidens link til området bruger det.',
  }),
  icon: choice('Ikon', iconNames, 'Tegningen øverst på kortet, fra sidens egne ikoner.', {
    labels: AREA_ICONS,
    same: true,
  }),
  title: line('Titel'),
  description: sentence('Beskrivelse', { hint: 'En eller to sætninger, altid synlige på kortet.' }),
  details: list('Detaljer', text('Afsnit'), { hint: 'Vises, når kortet foldes ud: et kort afsnit hver.' }),
});

/** content/<lang>/therapy.json: the therapy page's words, its areas (in their order, with their icons) among them. */
export const therapy = file('Terapi', 'Siden Terapi.', {
  heading: line('Overskrift', { hint: 'Sidens store overskrift.' }),
  lead: text('Indledning', { hint: 'Teksten under sidens overskrift.' }),
  areasHeading: line('Områder (overskrift)', { hint: 'Over kortene med områderne.' }),
  areas: list('Områder', area, {
    max: 12,
    hint: 'Kortene på siden, i deres rækkefølge. Tilføj, flyt eller fjern et område på dansk, og gør det samme på engelsk og persisk: ikonet følger det danske.',
  }),
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

/** Its words as a JSON file has them (an icon is any text to the type-checker until the check has run). */
export type TherapyWords = Json<typeof therapy>;
