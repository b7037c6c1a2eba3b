import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { PreviewReply, PreviewTask } from './task';

// One preview on a thread of its own (the server's side; the thread's is render.tsx, bundled as
// dist/preview.js). The site's modules read content as they load, so the page with her file in
// place of the committed one needs them loaded anew: a thread per preview, with its own bounded
// heap, ended when its time is up or when nobody waits for its page any more (decision 0073).

/** The thread's name in the system's lists (top -H; cut at 15 characters). */
const PREVIEW_THREAD = 'editor-preview';

/** The preview's bundle, beside the server's in the build (scripts/build.ts). */
const PREVIEW_BUNDLE = 'preview.js';

export interface PreviewBounds {
  /** The whole render's time, the thread's start included. */
  ms: number;
  /** The thread's old generation (its heap for what lives longer than a moment). */
  heapMb: number;
}

/** The page, or our own words for what went wrong; `stopped`: nobody waits for it any more. */
export function renderInThread(
  distDir: string,
  task: PreviewTask,
  bounds: PreviewBounds,
  stopped: AbortSignal,
): Promise<PreviewReply> {
  return new Promise((resolve) => {
    const thread = new Worker(path.join(distDir, PREVIEW_BUNDLE), {
      workerData: task,
      name: PREVIEW_THREAD,
      resourceLimits: { maxOldGenerationSizeMb: bounds.heapMb, maxYoungGenerationSizeMb: 8 },
      // Its output is React's or V8's, not ours: never in the log.
      stdout: true,
      stderr: true,
    });
    thread.stdout.resume();
    thread.stderr.resume();
    let settled = false;
    const settle = (reply: PreviewReply) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      stopped.removeEventListener('abort', stop);
      void thread.terminate();
      resolve(reply);
    };
    const timer = setTimeout(() => settle({ error: `the page took longer than ${bounds.ms} ms` }), bounds.ms);
    thread.on('message', (reply: PreviewReply) => settle(reply));
    thread.once('error', (err: Error & { code?: string }) =>
      settle({
        error:
          err.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? `the page needed more than ${bounds.heapMb} MB`
            : `the thread failed (${err.code ?? err.name})`,
      }),
    );
    thread.once('exit', (code) => settle({ error: `the thread ended early (exit code ${code})` }));
    const stop = () => settle({ error: 'nobody waits for the page' });
    if (stopped.aborted) return stop();
    stopped.addEventListener('abort', stop, { once: true });
  });
}
