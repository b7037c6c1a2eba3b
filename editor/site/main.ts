import { policyDate, type SavedEntry } from './policyDate';
import { type PreviewCms, registerPreview } from './preview';

// The site's own additions to the owner's editor (Sveltia CMS), loaded after its script by
// editor/index.html and built into /admin/site.js by scripts/editor.ts: the policy's date set
// when she saves changed words, and the preview of her pages in the site's own look.

interface Cms extends PreviewCms {
  registerEventListener(listener: { name: 'preSave'; handler: (args: { entry: SavedEntry }) => unknown }): void;
}

const { CMS, h, createClass } = window as unknown as {
  CMS: Cms;
  h: Parameters<typeof registerPreview>[1];
  createClass: Parameters<typeof registerPreview>[2];
};

CMS.registerEventListener({ name: 'preSave', handler: ({ entry }) => policyDate(entry) });
registerPreview(CMS, h, createClass);
