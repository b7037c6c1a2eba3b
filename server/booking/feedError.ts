/** A read that cannot be trusted, with a message fit for the log and /healthz (never the address). */
export class FeedError extends Error {}
