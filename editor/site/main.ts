import { policyDate, type SavedEntry } from './policyDate';

// The site's own additions to the owner's editor (Sveltia CMS), loaded after its script by
// editor/index.html and built into /admin/site.js by scripts/editor.ts: the policy's date set
// when she saves changed words.

interface Cms {
  registerEventListener(listener: { name: 'preSave'; handler: (args: { entry: SavedEntry }) => unknown }): void;
}

const { CMS } = window as unknown as { CMS: Cms };

CMS.registerEventListener({ name: 'preSave', handler: ({ entry }) => policyDate(entry) });
