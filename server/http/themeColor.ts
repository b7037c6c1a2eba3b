import { schemes, themeColors } from '../../content/colors';
import { escapeHtml } from './escapeHtml';

/** The browser's own bar colour in each scheme (content/colors.ts), as the <head> of every page the server writes names it. */
export const themeColorTags: readonly string[] = schemes.map(
  (scheme) =>
    `<meta name="theme-color" media="(prefers-color-scheme: ${scheme})" content="${escapeHtml(themeColors[scheme])}">`,
);
