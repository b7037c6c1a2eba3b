import express from 'express';
import { type PreviewDeps, previewRouter } from './preview';
import { version } from './version';

export { builtCommit, VERSION_FILE } from './version';
export { renderInThread } from './preview';

// What the owner's editor's host serves besides the editor itself (server/http/editor.ts mounts
// it under /admin, on ADMIN_HOST only when it is set): the running version for her live page,
// and her preview of a page as she types (preview/).

export function adminPages(deps: PreviewDeps): express.Router {
  const router = express.Router();
  router.get('/admin/version', version(deps.distDir));
  router.use(previewRouter(deps));
  return router;
}
