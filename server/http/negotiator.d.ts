// The part of negotiator 1.x (the negotiation under Express's req.accepts*) this site uses; its
// DefinitelyTyped types describe 0.6, which has no server preference for ties.
declare module 'negotiator' {
  export default class Negotiator {
    constructor(request: { headers: Record<string, string | string[] | undefined> });
    /** The available encodings the request accepts, best first; ties in `preferred`'s order. */
    encodings(available: string[], options?: { preferred?: string[] }): string[];
  }
}
