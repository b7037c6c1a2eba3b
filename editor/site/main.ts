import { registerContentFormats } from './formats';
import { withDanishNetworkErrors } from './offline';
import { policyDate, type SavedEntry } from './policyDate';
import { type PreviewCms, registerPreview } from './preview';
import { showSignInHint } from './signInHint';
import { WHOLE_NUMBER } from './wholeNumber';
import { type CreateClass, type H, wholeNumberControl, wholeNumberPreview } from './wholeNumberField';

// The site's own additions to the owner's editor (Sveltia CMS), loaded after its script by
// editor/index.html and built into /admin/site.js by scripts/editor.ts, in place before the
// editor reads its configuration (it waits for the page to be loaded): every content file written
// through the site's layout, the whole-number field, a request without an answer said in Danish
// (decision 0071), the policy's date set when she saves changed words (decision 0068), what
// to press on the login screen, in Danish, and the preview of her pages in the site's own look
// (decision 0073).

interface Editor {
  CMS: Parameters<typeof registerContentFormats>[0] &
    PreviewCms & {
      registerFieldType(name: string, control: unknown, preview?: unknown): void;
      registerEventListener(listener: { name: 'preSave'; handler: (args: { entry: SavedEntry }) => unknown }): void;
    };
  h: H;
  createClass: CreateClass;
}

const { CMS, h, createClass } = window as unknown as Editor;

window.fetch = withDanishNetworkErrors(window.fetch.bind(window));
registerContentFormats(CMS);
CMS.registerFieldType(WHOLE_NUMBER, wholeNumberControl(h, createClass), wholeNumberPreview(h));
CMS.registerEventListener({ name: 'preSave', handler: ({ entry }) => policyDate(entry) });
registerPreview(CMS, h, createClass);
showSignInHint(document.body);
