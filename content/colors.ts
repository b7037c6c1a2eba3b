// Every colour of the site, once per colour scheme: the light one, and the dark one a visitor
// gets when the system asks for it (prefers-color-scheme). The build writes them as CSS custom
// properties (--bg, --primary-dark, ...; see scripts/colorTokens.ts), the stylesheet uses only
// those, and the server names the browser's own bar colour from here. Change a colour here.
// Every text and control colour against its background meets WCAG AA (4.5:1, 3:1 for large text
// and control borders) in both schemes: the axe tests check each page in each scheme.

/** A CSS colour: #rrggbb, or rgb() where it needs transparency. */
type Color = `#${string}` | `rgb(${string})`;

export interface Palette {
  /** The page. */
  bg: Color;
  /** Cards, panels, form fields, the open menu. */
  surface: Color;
  /** Every other section's background. */
  tint: Color;
  text: Color;
  /** Secondary text (introductions, hints, durations). */
  muted: Color;
  heading: Color;
  /** Borders and rules. */
  line: Color;
  /** Links, icons, primary buttons. */
  primary: Color;
  /** The stronger shade of primary, for text on primarySoft and hovered buttons: darker in the
   *  light scheme, lighter in the dark one. */
  primaryDark: Color;
  /** Soft backgrounds: the Menu button, tags, the current page in the menu, notices. */
  primarySoft: Color;
  /** Text on a primary button. */
  onPrimary: Color;
  /** The eyebrow lines, the timeline's years, the hero card's top. */
  accent: Color;
  error: Color;
  errorSoft: Color;
  errorLine: Color;
  /** The focus ring. */
  focus: Color;
  /** Form fields' borders (3:1 against surface). */
  fieldLine: Color;
  /** A button while its form is being sent. */
  buttonDisabled: Color;
  panelAccentBg: Color;
  panelAccentLine: Color;
  successLine: Color;
  /** The sticky header, nearly opaque. */
  headerBg: Color;
  /** The top of the home page's hero gradient (which ends in bg). */
  heroTop: Color;
  /** Shadows under cards, and under the open menu. */
  shadowColor: Color;
  menuShadowColor: Color;
  /** The logo's round mark and the shape drawn on it. */
  logoBg: Color;
  logoInk: Color;
  /** The closing call to action's band. */
  ctaBg: Color;
  ctaText: Color;
  ctaMuted: Color;
  /** The band's primary button is ctaText with this text. */
  ctaButtonText: Color;
  ctaHover: Color;
  footerBg: Color;
  footerText: Color;
  /** The footer's headings, links and focus ring. */
  footerStrong: Color;
  footerBadge: Color;
  footerRule: Color;
}

export type Scheme = 'light' | 'dark';
export const schemes: readonly Scheme[] = ['light', 'dark'];

export const colors: Record<Scheme, Palette> = {
  light: {
    bg: '#fbf8f4',
    surface: '#ffffff',
    tint: '#f2ede5',
    text: '#262523',
    muted: '#575248',
    heading: '#1f2e29',
    line: '#ddd5c9',
    primary: '#2f5d50',
    primaryDark: '#21453b',
    primarySoft: '#e3ede9',
    onPrimary: '#ffffff',
    accent: '#a4532f',
    error: '#a1261b',
    errorSoft: '#fbeceb',
    errorLine: '#e7b5b0',
    focus: '#1c4fa0',
    fieldLine: '#8a8276',
    buttonDisabled: '#5d7a71',
    panelAccentBg: '#f4f9f7',
    panelAccentLine: '#c9ddd5',
    successLine: '#b9d3c9',
    headerBg: 'rgb(255 255 255 / 0.97)',
    heroTop: '#f3ede3',
    shadowColor: 'rgb(38 37 35 / 0.06)',
    menuShadowColor: 'rgb(38 37 35 / 0.08)',
    logoBg: '#2f5d50',
    logoInk: '#ffffff',
    ctaBg: '#2f5d50',
    ctaText: '#ffffff',
    ctaMuted: '#eef4f1',
    ctaButtonText: '#21453b',
    ctaHover: 'rgb(255 255 255 / 0.12)',
    footerBg: '#22332e',
    footerText: '#e6ebe8',
    footerStrong: '#ffffff',
    footerBadge: '#cfe0d8',
    footerRule: 'rgb(255 255 255 / 0.18)',
  },
  // Not the light scheme inverted: a warm green-grey night, the same green lightened for text
  // on it, surfaces a step lighter than the page, and shadows that give way to borders.
  dark: {
    bg: '#131817',
    surface: '#222a28',
    tint: '#1a201f',
    text: '#e8e4dc',
    muted: '#b3aca1',
    heading: '#f2eee7',
    line: '#3a4441',
    primary: '#8fcab6',
    primaryDark: '#b5e0d0',
    primarySoft: '#233c35',
    onPrimary: '#0f1f1a',
    accent: '#eba07c',
    error: '#ff9a8c',
    errorSoft: '#3b201d',
    errorLine: '#7a3a33',
    focus: '#93b8ff',
    fieldLine: '#8e887e',
    buttonDisabled: '#6f8f85',
    panelAccentBg: '#1c2926',
    panelAccentLine: '#35554b',
    successLine: '#3f6b5e',
    headerBg: 'rgb(34 42 40 / 0.97)',
    heroTop: '#1d2422',
    shadowColor: 'rgb(0 0 0 / 0.3)',
    menuShadowColor: 'rgb(0 0 0 / 0.45)',
    logoBg: '#8fcab6',
    logoInk: '#131817',
    ctaBg: '#1f3a33',
    ctaText: '#f0f5f2',
    ctaMuted: '#d6e4de',
    ctaButtonText: '#1f3a33',
    ctaHover: 'rgb(255 255 255 / 0.1)',
    footerBg: '#0e1211',
    footerText: '#d3dad6',
    footerStrong: '#ffffff',
    footerBadge: '#b7cfc4',
    footerRule: 'rgb(255 255 255 / 0.14)',
  },
};

/**
 * A colour as the site writes it into CSS (the stylesheet's tokens, the unavailable page, the share
 * pictures): #rrggbb, or rgb() of three numbers with an alpha after a slash. Anything else is
 * refused, naming it: a colour is no place for `;}` or `</style>`, and CSS has no escaping that
 * would make such a value a colour.
 */
export function cssColor(value: string, name: string): string {
  if (/^(#[0-9a-f]{6}|rgb\(\d{1,3} \d{1,3} \d{1,3}( \/ (0|1|0?\.\d{1,3}))?\))$/i.test(value)) return value;
  throw new Error(
    `content/colors.ts: ${name} must be a colour, #rrggbb or rgb(r g b / a), not ${JSON.stringify(value)}`,
  );
}

/** A scheme's palette with every colour checked (cssColor), for CSS. */
export function cssPalette(palette: Palette, scheme: Scheme): Palette {
  for (const [name, value] of Object.entries(palette)) cssColor(value, `${scheme}.${name}`);
  return palette;
}

/** The browser's own bar (on phones) in each scheme: the brand green, and the dark header. */
export const themeColors: Record<Scheme, Color> = {
  light: colors.light.primary,
  dark: colors.dark.surface,
};
