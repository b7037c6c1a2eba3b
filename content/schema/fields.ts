// The fields of content's JSON files, for what the type-checker cannot see: a key it does not
// know, an empty text, a time or date that does not parse, a price that is not whole kroner, a
// list of the wrong length. Each file's field list (pages.ts, facts.ts) is typed against the
// file's interface, so that a field added to an interface must be added here too;
// content/schema/check.ts checks a file's value against its list.

/** A text: not empty (nor only spaces). `format` what it must read as. */
export interface TextField {
  kind: 'text';
  optional?: true;
  nullable?: true;
  /** 'HH:MM' (00:00 to 23:59); a closed day, 'MM-DD' every year or 'YYYY-MM-DD' once; a file name without extension. */
  format?: 'time' | 'closedDay' | 'fileName';
}

export interface NumberField {
  kind: 'number';
  /** A whole number (kroner, minutes). */
  whole?: true;
  min: number;
  max?: number;
  optional?: true;
  nullable?: true;
}

interface BooleanField {
  kind: 'boolean';
  optional?: true;
}

/** One of a few names the code knows (a bookable service). */
interface ChoiceField {
  kind: 'choice';
  values: readonly string[];
}

/** A paragraph of the privacy policy: a text, a text per mail protection, or a text with a link. */
export interface ParagraphField {
  kind: 'paragraph';
}

export interface ListField<U = unknown> {
  kind: 'list';
  of: FieldFor<U>;
  /** Exactly this many (the design's), or at least `min`. */
  count?: number;
  min?: number;
  optional?: true;
}

export interface ObjectField<T = unknown> {
  kind: 'object';
  fields: Fields<T>;
  optional?: true;
}

/** An object whose keys are some of `keys` (the booking week's days), each value `of`. */
interface MapField {
  kind: 'map';
  keys: readonly string[];
  of: Field;
}

type Leaf = TextField | NumberField | BooleanField | ChoiceField | ParagraphField;

export type Field = Leaf | ListField | ObjectField | MapField;

/** The field a value of type V needs: a list for an array, an object's fields for an object. */
export type FieldFor<V> = [NonNullable<V>] extends [readonly (infer U)[]]
  ? ListField<U>
  : [NonNullable<V>] extends [string | number | boolean]
    ? Leaf
    : [NonNullable<V>] extends [object]
      ? ObjectField<NonNullable<V>> | MapField
      : Leaf;

/** Every key of T, each with its field: the type-checker finds a key missing here or unknown to T. */
export type Fields<T> = { [K in keyof T]-?: FieldFor<T[K]> };

export const text: TextField = { kind: 'text' };
export const optionalText: TextField = { kind: 'text', optional: true };
export const paragraph: ParagraphField = { kind: 'paragraph' };
export const obj = <T>(fields: Fields<NoInfer<T>>, optional?: true): ObjectField<T> =>
  optional ? { kind: 'object', fields, optional } : { kind: 'object', fields };
export const list = <U>(of: FieldFor<U>, size: { count?: number; min?: number } = { min: 1 }): ListField<U> => ({
  kind: 'list',
  of,
  ...size,
});
/** A list of texts, at least one. */
export const texts: ListField<string> = list<string>(text);
