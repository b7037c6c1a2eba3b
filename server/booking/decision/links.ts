import { randomUUID } from 'node:crypto';
import type { Decision } from '../../../content/bookingAnswer';
import type { Config } from '../../process/config';
import { sealRequest, type AnswerRequest } from './token';

// The two links of a request mail, to the answer page on the site (from BASE_URL, never from a
// request's Host), both carrying the same sealed request (token.ts): the answer is in the path.

export const ANSWER_PATHS: Record<Decision, string> = { confirm: '/booking/bekraeft', decline: '/booking/afvis' };
/** Where the page's button posts (the answer is a field). */
export const ANSWER_POST_PATH = '/booking/svar';

export interface AnswerLinks {
  /** The request's id (its mark is a hash of it). */
  id: string;
  confirm: string;
  decline: string;
  /** The sealed request both carry: it rides with the hold, for the due-day reminder (reminder.ts). */
  sealed: string;
  /** When they stop working: when the hold lapses, or when the session begins if sooner. */
  expires: Date;
}

/** `heldUntil`: when the hold lapses (the answer's due time, answerWindow.ts); the links live exactly as long as the hold would. */
export async function answerLinks(
  config: Pick<Config, 'baseUrl'> & { booking: NonNullable<Config['booking']> },
  request: Omit<AnswerRequest, 'id' | 'expires'>,
  heldUntil: Date,
): Promise<AnswerLinks> {
  const expires = new Date(Math.min(heldUntil.getTime(), request.start.getTime()));
  const id = randomUUID();
  const token = await sealRequest({ ...request, id, expires }, config.booking.secrets[0] as Buffer, config.baseUrl);
  return { id, ...linksFor(config.baseUrl, token), sealed: token, expires };
}

/** The two links of a sealed request. */
export function linksFor(baseUrl: string, sealed: string): Record<Decision, string> {
  const link = (answer: Decision) => `${baseUrl}${ANSWER_PATHS[answer]}?t=${sealed}`;
  return { confirm: link('confirm'), decline: link('decline') };
}
