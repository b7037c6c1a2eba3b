import type { Previewed } from '../../../content/previews';
import type { SiteSettings } from '../../../views/settings';

// What the server hands the preview's thread (render.tsx) and what the thread sends back.

export interface PreviewTask {
  /** The page and the file she is editing (content/previews.ts). */
  preview: Previewed;
  /** That file's content as she has it now, checked against its declaration (never the committed one). */
  value: unknown;
  /** What the running site is configured to do, as its pages say (the policy, the booking page). */
  settings: SiteSettings;
  /** The site's stylesheet's hashed path. */
  css: string;
}

/** The page's HTML, or what went wrong in our own words. */
export type PreviewReply = { html: string } | { error: string };
