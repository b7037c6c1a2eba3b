import { type Lang, langs } from './languages';

// The privacy policy's seal: the SHA-256 of its texts in every language (content/<lang>/
// privacy.json but its date and the seal itself), kept beside its date. The editor sets both when
// she saves a changed policy (editor/site/policyDate.ts); the content check recomputes the seal
// and refuses a policy whose texts changed while its date did not (scripts/checkContent.ts);
// `npm run policy-date` sets both for a change made outside the editor. So the date a visitor
// reads is the date the words last changed, and nobody can forget it.

/** The keys that are not the policy's words. */
const OUTSIDE = new Set(['updated', 'seal']);

/**
 * A value as the seal reads it: object keys sorted, and nothing for what the editor may write as
 * empty or leave out (null, '', [], {}), so that the editor's save and the file read back agree.
 */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) {
    const items = value.map(canonical).filter((item) => item !== undefined);
    return items.length ? items : undefined;
  }
  if (value && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .map((key) => [key, canonical((value as Record<string, unknown>)[key])] as const)
      .filter(([, item]) => item !== undefined);
    return entries.length ? Object.fromEntries(entries) : undefined;
  }
  return value === null || value === '' ? undefined : value;
}

/** The policy's words in every language, as the one text its seal is the hash of. */
export function policyWords(files: Record<Lang, unknown>): string {
  const words = (file: unknown) =>
    Object.fromEntries(Object.entries((file ?? {}) as Record<string, unknown>).filter(([key]) => !OUTSIDE.has(key)));
  return JSON.stringify(langs.map((lang) => [lang, canonical(words(files[lang]))]));
}
