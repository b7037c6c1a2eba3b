// The fields that content's declarations are made of (content/texts/*.ts for each language's
// files, content/schema/facts.ts for the facts). A field says, once: its shape, its Danish label
// and the hint the owner's editor shows her (what it is and where it appears), its format and its
// bounds. From a declaration follow the TypeScript type of its JSON (`Infer`), the checks
// (check.ts), the editor's configuration (scripts/editorConfig.ts) and the layout the editor
// writes (layout.ts). Decision 0047.

/** What the editor says of a field. */
interface Said {
  /** Its name in the editor, in Danish. */
  label: string;
  /** What it is and where it appears, in Danish: shown under the field. */
  hint?: string;
  /**
   * In a language's file: the same value in every language (a year, an icon, a phone number). The
   * editor shows it in the Danish pane and copies it to the others; the check refuses a language
   * whose value differs from the Danish one (and a list holding such values of another length).
   */
  same?: true;
  /** Shown, not typed: the editor sets it (the privacy policy's date and seal). */
  readonly?: true;
}

/**
 * 'HH:MM' (00:00 to 23:59); a closed day, 'MM-DD' every year or 'YYYY-MM-DD' once; a date
 * 'YYYY-MM-DD'; a file name without extension; a Danish phone number one can dial (8 digits, or a
 * short number such as 112 or 1813); a SHA-256 in hex.
 */
export type Format = 'time' | 'closedDay' | 'date' | 'fileName' | 'phone' | 'sha256';

/** A text: not empty, at most `max` characters, no invisible or control character. */
export interface TextField extends Said {
  kind: 'text';
  max: number;
  /** A paragraph (a box of several lines in the editor) rather than one line. */
  paragraph: boolean;
  /** May hold line breaks; no other text may. */
  breaks?: true;
  /** Placeholders the text must hold, each once ('phone' for '{phone}': where a crisis line's number goes). */
  needs?: readonly string[];
  format?: Format;
  optional?: true;
  nullable?: true;
}

/** A number from `min` to `max`; `whole` for kroner and minutes. */
export interface NumberField extends Said {
  kind: 'number';
  min: number;
  max: number;
  whole: boolean;
  optional?: true;
  /** May be null; `none` says what null means to her ('efter aftale'). */
  nullable?: true;
  none?: string;
}

interface BooleanField extends Said {
  kind: 'boolean';
  optional?: true;
}

/** One of a few names the code knows (a bookable service, a page, an icon). */
export interface ChoiceField<V extends string = string> extends Said {
  kind: 'choice';
  values: readonly V[];
  /** What the editor shows for each value, in Danish (the value itself where none). */
  labels?: Readonly<Partial<Record<V, string>>>;
}

/** From `min` to `max` entries, each `of`. */
export interface ListField<F extends Field = Field> extends Said {
  kind: 'list';
  of: F;
  /**
   * What an entry says in the editor's list while folded: its fields as {{fields.<key>}}, in the
   * editor's template language (Sveltia CMS's summary); absent: its first fields.
   */
  summary?: string;
  min: number;
  max: number;
  optional?: true;
}

/**
 * A picture of hers: its file's name in a folder of content/images/ ('room.webp'), chosen or
 * uploaded there in the editor. Small letters, digits and '-', then .jpg, .png or .webp (decision 0072).
 */
export interface PictureField extends Said {
  kind: 'picture';
  /** The folder, from the repository's root: 'content/images/clinic'. */
  folder: string;
}

/** Fields under fixed keys. A content file is one. */
export interface GroupField<S extends Fields = Fields> extends Said {
  kind: 'group';
  fields: S;
  optional?: true;
}

/** Some of fixed keys (the booking week's days), each with its label, each value `of`. Never a number: the editor takes it for a place in a list. */
export interface MapField<K extends string = string, F extends Field = Field> extends Said {
  kind: 'map';
  keys: Readonly<Record<K, string>>;
  of: F;
}

/**
 * One of a few shapes, each a group under its name, which the JSON names in `type` (`{ "type":
 * "link", "before": … }`): a policy paragraph is a text, a text per mail protection, or a text
 * with a link. The editor offers the shapes by their labels (Sveltia's variable types).
 */
export interface OneOfField<S extends Readonly<Record<string, GroupField>> = Readonly<Record<string, GroupField>>>
  extends Said {
  kind: 'oneOf';
  of: S;
}

/** The key that names a oneOf's shape in its JSON (Sveltia's `typeKey`, whose default it is). */
export const TYPE_KEY = 'type';

export type Field =
  | TextField
  | PictureField
  | NumberField
  | BooleanField
  | ChoiceField
  | ListField
  | GroupField
  | MapField
  | OneOfField;

export type Fields = { readonly [key: string]: Field };

/**
 * The types a field's value has, carried by the field's type only (no value at run time): each
 * constructor below works them out from its parts, so that `Infer` of a whole file reads them
 * off, instead of walking the declaration again at every use.
 */
interface Typed<V, J = V> {
  /** The value once checked. */
  readonly __value?: V;
  /** The value as a JSON import types it: a choice is any text until the check has run. */
  readonly __json?: J;
}

/** The TypeScript type of a field's value (of a content file's JSON, for a file's declaration). */
export type Infer<F> = F extends Typed<infer V, unknown> ? V : never;

/** What the type-checker knows of such a value imported from JSON (a choice is a string there). */
export type Json<F> = F extends Typed<unknown, infer J> ? J : never;

type OrNull<O, V> = O extends { nullable: true } ? V | null : V;

/** An object type as its keys and values (so that the type-checker's messages show the keys, not the fields). */
type Plain<T> = { [K in keyof T]: T[K] } & {};

/** A group's fields as an object type: an optional field's key may be left out. */
type ShapeOf<S extends Fields> = {
  -readonly [K in keyof S as S[K] extends { optional: true } ? never : K]: Infer<S[K]>;
} & { -readonly [K in keyof S as S[K] extends { optional: true } ? K : never]?: Infer<S[K]> };
type JsonShapeOf<S extends Fields> = {
  -readonly [K in keyof S as S[K] extends { optional: true } ? never : K]: Json<S[K]>;
} & { -readonly [K in keyof S as S[K] extends { optional: true } ? K : never]?: Json<S[K]> };

/** One line (a heading, a label, a button, a name) holds at most this many characters unless it says less. */
const LINE = 150;
/** A sentence or two (a message under a field, a note) holds at most this many. */
const SENTENCE = 500;
/** A paragraph holds at most this many. */
const PARAGRAPH = 5000;

type Options<F> = Partial<Omit<F, 'kind' | 'label' | '__value' | '__json'>>;
type Empty = Record<never, never>;
type TextOptions = Options<TextField>;

/** One line: a heading, a label, a button's text, a name. */
export const line = <const O extends TextOptions = Empty>(label: string, options?: O) =>
  ({ kind: 'text', label, max: LINE, paragraph: false, ...options }) as TextField & O & Typed<OrNull<O, string>>;

/** A sentence or two (a message, a hint, a note), in a box of several lines. */
export const sentence = <const O extends TextOptions = Empty>(label: string, options?: O) =>
  ({ kind: 'text', label, max: SENTENCE, paragraph: true, ...options }) as TextField & O & Typed<OrNull<O, string>>;

/** A paragraph, in a box of several lines. */
export const text = <const O extends TextOptions = Empty>(label: string, options?: O) =>
  ({ kind: 'text', label, max: PARAGRAPH, paragraph: true, ...options }) as TextField & O & Typed<OrNull<O, string>>;

export const number = <const O extends Options<NumberField> & Pick<NumberField, 'min' | 'max' | 'whole'>>(
  label: string,
  options: O,
) => ({ kind: 'number', label, ...options }) as NumberField & O & Typed<OrNull<O, number>>;

export const yesNo = <const O extends Options<BooleanField> = Empty>(label: string, options?: O) =>
  ({ kind: 'boolean', label, ...options }) as BooleanField & O & Typed<boolean>;

export const picture = (label: string, folder: string, hint?: string) =>
  ({ kind: 'picture', label, folder, ...(hint ? { hint } : {}) }) as PictureField & Typed<string>;

export const choice = <const V extends string>(
  label: string,
  values: readonly V[],
  hint?: string,
  more?: Pick<ChoiceField<V>, 'labels' | 'same'>,
) => ({ kind: 'choice', label, values, ...(hint ? { hint } : {}), ...more }) as ChoiceField<V> & Typed<V, string>;

/** A list of at least one and at most 20 entries, unless `min`, `max` (or `count`: exactly so many) say otherwise. */
export const list = <F extends Field, const O extends Options<ListField> & { count?: number } = Empty>(
  label: string,
  of: F,
  options?: O,
) => {
  const { count, ...rest } = options ?? ({} as O);
  return { kind: 'list', label, of, min: count ?? 1, max: count ?? 20, ...rest } as unknown as ListField<F> &
    Omit<O, 'count'> &
    Typed<Infer<F>[], Json<F>[]>;
};

export const group = <const S extends Fields, const O extends Options<GroupField> = Empty>(
  label: string,
  fields: S,
  options?: O,
) =>
  ({ kind: 'group', label, fields, ...options }) as GroupField<S> & O & Typed<Plain<ShapeOf<S>>, Plain<JsonShapeOf<S>>>;

export const map = <const K extends string, F extends Field>(
  label: string,
  keys: Readonly<Record<K, string>>,
  of: F,
  hint?: string,
) =>
  ({ kind: 'map', label, keys, of, ...(hint ? { hint } : {}) }) as MapField<K, F> &
    Typed<{ [P in K]?: Infer<F> }, { [P in K]?: Json<F> }>;

/** The shapes' values, each with its `type` (a string to the type-checker: a JSON import's is). */
type Shapes<S, Of extends 'value' | 'json'> = {
  [K in keyof S]: Plain<{ type: string } & (Of extends 'value' ? Infer<S[K]> : Json<S[K]>)>;
}[keyof S];

export const oneOf = <const S extends Readonly<Record<string, GroupField>>>(label: string, of: S, hint?: string) =>
  ({ kind: 'oneOf', label, of, ...(hint ? { hint } : {}) }) as OneOfField<S> &
    Typed<Shapes<S, 'value'>, Shapes<S, 'json'>>;

/** A content file: its name in the editor's list, what it holds, and its fields. */
export const file = <const S extends Fields>(label: string, hint: string, fields: S) => group(label, fields, { hint });
