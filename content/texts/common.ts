import type { PageId } from '../pages';

/** A button that leads to one of the site's pages, in the reader's language. */
export interface Cta {
  label: string;
  to: PageId;
}

/** A closing call to action: heading, a line of text and two buttons. */
export interface CtaBand {
  heading: string;
  text: string;
  primary: Cta;
  secondary: Cta;
}

/** A text and the link inside it: before + link + after. */
export interface LinkedText {
  before: string;
  linkText: string;
  after: string;
}

/** Exactly n items: the type-checker counts them. */
export type Three<T> = [T, T, T];
export type Ten<T> = [T, T, T, T, T, T, T, T, T, T];
export type Twelve<T> = [T, T, T, T, T, T, T, T, T, T, T, T];
