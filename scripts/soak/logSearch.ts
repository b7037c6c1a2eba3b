import { detailShapes, type Sent } from './visitors';

// Nothing a visitor sent may reach the log. A search per detail (thousands of them) through the
// whole log takes minutes for a 3-minute soak and hours for a long one; instead one pass per kind
// of detail collects every string of that shape in the log, and each is looked up among the
// details sent. A phone number counts in the ways a log could hold it, as typed ('21 34 56 78')
// or as its digits ('21345678', '+4521345678'), but only as a whole number: its eight digits
// inside a longer number (a timestamp) or an id (a request id's hex, '8a30556288f9', which a
// 10-minute soak took for a leak) are no leak. An address counts as a whole address, for the same reason.

const PHONE_AS_TYPED = /(?=(\d\d \d\d \d\d \d\d))/g;
const PHONE_DIGITS = /(?<![\p{L}\p{N}_])(?:\+?45)?(\d{8})(?![\p{L}\p{N}_])/gu;

/** Each detail found in the log, with the log around it, for the operator to see what wrote it. */
export function visitorDataInLog(log: string, sent: Sent[]): { searched: number; hits: string[] } {
  const wanted = new Set<string>();
  const phones = new Set<string>();
  for (const s of sent) {
    for (const detail of [s.token, s.name, s.email, s.ip]) wanted.add(detail);
    phones.add(s.phone.replace(/ /g, ''));
  }
  const found = new Map<string, number>();
  const note = (detail: string, at: number) => {
    if (!found.has(detail)) found.set(detail, at);
  };
  for (const shape of Object.values(detailShapes)) {
    for (const m of log.matchAll(shape)) if (wanted.has(m[0])) note(m[0], m.index);
  }
  for (const m of log.matchAll(PHONE_AS_TYPED)) if (phones.has(m[1]!.replace(/ /g, ''))) note(m[1]!, m.index);
  for (const m of log.matchAll(PHONE_DIGITS)) if (phones.has(m[1]!)) note(m[0], m.index);

  const hits = [...found].map(
    ([detail, at]) => `${detail}: …${log.slice(Math.max(0, at - 80), at + detail.length + 80)}…`,
  );
  return { searched: wanted.size + phones.size, hits };
}
