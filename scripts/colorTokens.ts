import path from 'node:path';
import type { Plugin } from 'esbuild';
import { cssPalette, type Palette, type Scheme } from '../content/colors';

// content/colors.ts as CSS: the stylesheet's `@import 'color-tokens.css'` is answered with every
// colour as a custom property, the light ones on :root and the dark ones under
// prefers-color-scheme: dark, on screens only (paper is white: a printout is in the light
// colours whatever the screen's scheme). So the colours are written once, in TypeScript, and the
// type-checker proves each scheme has each.

const COLORS_TS = path.resolve(__dirname, '..', 'content', 'colors.ts');

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

export function colorTokensCss(colors: Record<Scheme, Palette>): string {
  // Every value a colour, or the build stops naming it: a value is written into the stylesheet as it is.
  const properties = (scheme: Scheme, indent: string) =>
    Object.entries(cssPalette(colors[scheme], scheme))
      .map(([name, value]) => `${indent}--${kebab(name)}: ${value};`)
      .join('\n');
  return [
    // Both schemes: the browser's own parts (form controls, scroll bars) follow the system too.
    ':root {',
    '  color-scheme: light dark;',
    properties('light', '  '),
    '}',
    '@media screen and (prefers-color-scheme: dark) {',
    '  :root {',
    properties('dark', '    '),
    '  }',
    '}',
    '',
  ].join('\n');
}

/** Loads content/colors.ts afresh, so that `npm run dev` picks up a changed colour. */
function loadColors(): Record<Scheme, Palette> {
  delete require.cache[require.resolve(COLORS_TS)];
  return (require(COLORS_TS) as typeof import('../content/colors')).colors;
}

export const colorTokens: Plugin = {
  name: 'color-tokens',
  setup(build) {
    build.onResolve({ filter: /^color-tokens\.css$/ }, () => ({ path: 'color-tokens.css', namespace: 'color-tokens' }));
    build.onLoad({ filter: /.*/, namespace: 'color-tokens' }, () => ({
      contents: colorTokensCss(loadColors()),
      loader: 'css',
      watchFiles: [COLORS_TS],
    }));
  },
};
