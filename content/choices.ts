// The names a facts file chooses among that code acts on. A leaf (it imports nothing): the facts'
// declaration (content/schema/facts.ts) offers them as choices, and the code that reads the facts
// narrows to them, without a cycle between the two.

/** The prices that can be booked online: those with a length (content/facts/prices.json). */
export const bookableServices = ['individuel', 'par', 'familie', 'boern', 'supervision-individuel'] as const;
export type BookableService = (typeof bookableServices)[number];

/** Where a clinic photo is shown: on the home page beside "Et trygt rum", or on the contact page under the address. */
export const PHOTO_PAGES = ['home', 'contact'] as const;
export type PhotoPage = (typeof PHOTO_PAGES)[number];

/** The icons a therapy area may show (client/icons/<name>.svg, drawn by the stylesheet), with their names in the editor. */
export const AREA_ICONS = {
  users: 'Mennesker (familie, par)',
  wind: 'Vind (angst)',
  cloud: 'Sky (depression)',
  flame: 'Flamme (stress)',
  compass: 'Kompas (kriser)',
  puzzle: 'Puslespil (neurodiversitet)',
  shield: 'Skjold',
  award: 'Medalje',
  globe: 'Globus',
} as const;
export type IconName = keyof typeof AREA_ICONS;
export const iconNames = Object.keys(AREA_ICONS) as IconName[];
export const isIconName = (name: string): name is IconName => Object.hasOwn(AREA_ICONS, name);
