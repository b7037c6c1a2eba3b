import type { TherapyWords } from './texts/therapy';

// The six areas of support shown as cards on the therapy page, in their order; what each
// language says about them is in its therapy.json, by id.

/** Names of the icons content may use (client/icons/<name>.svg, drawn by the stylesheet). */
export type IconName = 'users' | 'wind' | 'cloud' | 'flame' | 'compass' | 'puzzle' | 'shield' | 'award' | 'globe';

/** The areas by id, as each language's therapy.json words them. */
type AreaId = keyof TherapyWords['areas'];

export interface TherapyArea {
  id: AreaId;
  icon: IconName;
}

export const therapyAreas: TherapyArea[] = [
  { id: 'familie-og-par', icon: 'users' },
  { id: 'angst', icon: 'wind' },
  { id: 'depression', icon: 'cloud' },
  { id: 'stress', icon: 'flame' },
  { id: 'kriser', icon: 'compass' },
  { id: 'neurodiversitet', icon: 'puzzle' },
];
