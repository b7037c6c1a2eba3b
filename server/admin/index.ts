import express from 'express';
import { version } from './version';

export { builtCommit, VERSION_FILE } from './version';

// What the owner's editor's host serves besides the editor itself (server/http/editor.ts mounts
// it under /admin, on ADMIN_HOST only when it is set): the running version for her live page.

export function adminPages(distDir: string): express.Router {
  const router = express.Router();
  router.get('/admin/version', version(distDir));
  return router;
}
