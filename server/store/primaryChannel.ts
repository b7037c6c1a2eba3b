import cluster from 'node:cluster';

// How a store keeps one state for every worker of a machine without Redis: a worker asks the
// cluster primary over the workers' IPC channel and waits, at most `timeoutMs`, for its reply.
// Each store has a channel name of its own, so that other traffic on the channel (the rate
// limit's, another store's) is left alone. Requests carry an id; replies are matched by it.

interface Envelope<T> {
  id: number;
  body: T;
}

const envelopeOf = <T>(channel: string, message: unknown) =>
  (message as Record<string, unknown> | null)?.[channel] as Envelope<T> | undefined;

/** In the primary: answers every worker's request on `channel` with `answer(request)`. */
export function answerWorkers<Request, Reply>(channel: string, answer: (request: Request) => Reply): void {
  cluster.on('message', (worker, message: unknown) => {
    const request = envelopeOf<Request>(channel, message);
    if (!request) return;
    const reply: Envelope<Reply> = { id: request.id, body: answer(request.body) };
    // A worker that died meanwhile has no channel: nothing to answer.
    if (worker.isConnected()) worker.send({ [channel]: reply });
  });
}

/** In a worker: asks the primary on `channel`; rejects when it does not answer in time. */
export function askPrimary<Request, Reply>(channel: string, timeoutMs: number) {
  const pending = new Map<number, (reply: Reply) => void>();
  let nextId = 1;
  const onMessage = (message: unknown) => {
    const reply = envelopeOf<Reply>(channel, message);
    if (reply) pending.get(reply.id)?.(reply.body);
  };
  process.on('message', onMessage);
  function ask(request: Request): Promise<Reply> {
    const id = nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(new Error(`the cluster primary did not answer within ${timeoutMs} ms`));
      }, timeoutMs);
      pending.set(id, (reply) => {
        clearTimeout(timer);
        pending.delete(id);
        resolve(reply);
      });
      const envelope: Envelope<Request> = { id, body: request };
      if (!process.send?.({ [channel]: envelope })) {
        clearTimeout(timer);
        pending.delete(id);
        reject(new Error('no channel to the cluster primary'));
      }
    });
  }
  return { ask, close: () => process.off('message', onMessage) };
}
