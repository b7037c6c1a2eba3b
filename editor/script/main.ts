import { registerContentFormats } from './formats';
import { withDanishNetworkErrors } from './offline';
import { WHOLE_NUMBER } from './wholeNumber';
import { type CreateClass, type H, wholeNumberControl, wholeNumberPreview } from './wholeNumberField';

// The practice's additions to the owner's editor (Sveltia CMS), loaded after its script by
// editor/index.html and built into /admin/practice.js by scripts/editor.ts: they are in place
// before the editor reads its configuration, which waits for the page to be loaded.

interface Editor {
  CMS: Parameters<typeof registerContentFormats>[0] & {
    registerFieldType(name: string, control: unknown, preview?: unknown): void;
  };
  h: H;
  createClass: CreateClass;
}

const { CMS, h, createClass } = window as unknown as Editor;
window.fetch = withDanishNetworkErrors(window.fetch.bind(window));
CMS.registerFieldType(WHOLE_NUMBER, wholeNumberControl(h, createClass), wholeNumberPreview(h));
registerContentFormats(CMS);
