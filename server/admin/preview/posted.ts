import { workerData } from 'node:worker_threads';
import type { PreviewTask } from './task';

// The preview's bundle (dist/preview.js, scripts/build.ts) reads every content file through this:
// in the preview's thread the file she is editing is the one she posted, every other file the
// committed one. The site's modules read their files as they load (prices, the practice, the
// frame's texts), so a thread of its own, loaded after the post, is where they read hers.

export function posted<T>(file: string, committed: T): T {
  const task = workerData as Partial<PreviewTask> | null;
  return task?.preview?.file === file ? (task.value as T) : committed;
}
