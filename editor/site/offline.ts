// A request that got no answer (no network, a host that does not answer) fails in the browser's
// own words, "Failed to fetch", and the editor shows that as the reason a login or a save failed.
// Said in Danish instead; every other failure passes as it was.

export const NO_ANSWER =
  'Ingen forbindelse: GitHub kunne ikke nås. Tjek, at du er på nettet, og prøv igen om lidt. Intet er gemt endnu.';

/** `fetch` whose network failure says NO_ANSWER. */
export function withDanishNetworkErrors(fetch: typeof globalThis.fetch): typeof globalThis.fetch {
  return async (input, init) => {
    try {
      return await fetch(input, init);
    } catch (error) {
      // A network failure is a TypeError; an aborted request (a DOMException) is the editor's own doing.
      if ((error as Error | null)?.name === 'TypeError') throw new TypeError(NO_ANSWER, { cause: error });
      throw error;
    }
  };
}
