// The six areas of support shown as cards on the therapy page, in their order; what each
// language says about them is in its therapy.ts, by id.

/** Names of the icons content may use (client/icons/<name>.svg, drawn by the stylesheet). */
export type IconName = 'users' | 'wind' | 'cloud' | 'flame' | 'compass' | 'puzzle' | 'shield' | 'award' | 'globe';

export type AreaId = 'familie-og-par' | 'angst' | 'depression' | 'stress' | 'kriser' | 'neurodiversitet';

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
