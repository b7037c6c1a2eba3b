import { type Lang, langs } from '../../content/languages';
import { policyWords } from '../../content/policySeal';
import { PRACTICE_TIME_ZONE } from '../../content/practice';

// When she saves the privacy policy with changed words, the editor sets its date to today and its
// seal to the words' (content/policySeal.ts), in every language's file, before the save is
// committed: she cannot forget the date, and the content check, which recomputes the seal, refuses
// changed words that came without it (scripts/checkContent.ts).

/** What the editor hands a preSave listener: an Immutable.js Map of the entry (data: Danish, i18n: the others). */
export interface SavedEntry {
  get(key: string): unknown;
  getIn(path: string[]): unknown;
  setIn(path: string[], value: unknown): SavedEntry;
  toJS(): { data?: Record<string, unknown>; i18n?: Record<string, { data?: Record<string, unknown> }> };
}

const hex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');

/** Today in the practice's time zone, as 'YYYY-MM-DD'. */
const today = (now = new Date()) => new Intl.DateTimeFormat('en-CA', { timeZone: PRACTICE_TIME_ZONE }).format(now);

/** The entry with today's date and the words' seal, when it is the policy and its words changed; otherwise nothing (the save goes as it is). */
export async function policyDate(entry: SavedEntry, now = new Date()): Promise<SavedEntry | undefined> {
  if (entry.get('collection') !== 'words' || !/\/privacy\.json$/.test(String(entry.get('path')))) return undefined;
  const { data = {}, i18n = {} } = entry.toJS();
  const files = { da: data, en: i18n.en?.data, fa: i18n.fa?.data } satisfies Record<Lang, unknown>;
  const seal = hex(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(policyWords(files))));
  if (seal === data.seal) return undefined;
  const date = today(now);
  return langs.reduce((saved, lang) => {
    const at = lang === 'da' ? ['data'] : ['i18n', lang, 'data'];
    return saved.setIn([...at, 'updated'], date).setIn([...at, 'seal'], seal);
  }, entry);
}
