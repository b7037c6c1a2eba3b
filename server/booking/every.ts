// A look that runs in the background every so often (the reminders' looks), its failure told by
// `failed`; the timer never keeps the process alive (the server does), and stop() ends it.
export function every(ms: number, look: () => Promise<unknown>, failed: (err: Error) => void) {
  let timer: NodeJS.Timeout | undefined;
  return {
    start() {
      timer ??= setInterval(() => {
        look().catch(failed);
      }, ms).unref();
    },
    stop() {
      clearInterval(timer);
      timer = undefined;
    },
  };
}
