import { withDanishNetworkErrors } from './offline';

// The practice's additions to the owner's editor (Sveltia CMS), loaded after its script by
// editor/index.html and built into /admin/practice.js by scripts/editor.ts.

window.fetch = withDanishNetworkErrors(window.fetch.bind(window));
