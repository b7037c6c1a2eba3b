import type { PageId } from '../pages';

// What a language's JSON file holds of a page's texts: the words only. Where a button or link
// goes (a page's id, an anchor, another site's address) stays code (content/links.ts), so the
// owner's editor never shows it; the type-checker holds each JSON file to Words<its interface>,
// and content/schema.ts checks what it cannot see (unknown keys, empty texts, counts).

/** Keys that say where a link goes, never what it says. */
type TargetKey = 'to' | 'anchor' | 'url';

/** T without its link targets, as JSON types it (a literal type is a plain string there). */
export type Words<T> = T extends string
  ? string
  : T extends readonly (infer U)[]
    ? Words<U>[]
    : T extends object
      ? { [K in keyof T as K extends TargetKey ? never : NonNullable<T[K]> extends PageId ? never : K]: Words<T[K]> }
      : T;
