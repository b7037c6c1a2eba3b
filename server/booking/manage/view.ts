import type { Lang } from '../../../content/languages';
import type { DayView } from '../../../views/booking/model';
import { isFreeCancellation } from '../deadline';
import type { AppointmentState } from './state';
import type { Appointment } from './token';

// What the client's page shows (page.tsx renders it): her appointment as it stands and what she
// can do, a notice after a press, the move's free times; or a link that is not ours; or the form
// pipeline's own refusal.

/** A line at the top after a press, or a problem: its title and text. */
export interface Notice {
  tone: 'done' | 'problem';
  title?: string;
  text: string;
}

/** The move's free times, when she asked to see them: the days shown, whether later ones exist, how many weeks. */
export interface PickerView {
  days: DayView[];
  more: boolean;
  weeks: number;
  error?: string;
}

export type ManageView =
  | {
      kind: 'appointment';
      appointment: Appointment;
      token: string;
      /** Its state now; null when the store cannot be asked. */
      state: AppointmentState | null;
      /** Of a moved appointment: its move's state now (cancelled since, say). */
      later?: AppointmentState;
      at: Date;
      notice?: Notice;
      /** A change of hers is made whose mail to the practice had no reply: she may not know (decision 0052). */
      uncertain?: true;
      picker?: PickerView;
      /** The cancel form again: her reason kept, and what is wrong with it. */
      reason?: string;
      error?: string;
    }
  /** Not one of ours: one page in every language. */
  | { kind: 'invalid' }
  /** The form pipeline's own refusal (another site's post, too many presses, too large): its words. */
  | { kind: 'refused'; lang: Lang; title: string; text: string };

/** What the appointment's page says, written once in her language (router.ts: wordsOf). */
export interface Words {
  service: string;
  /** The session in full, Danish time: 'tirsdag den 10. marts 2026 kl. 14.00–14.50 (dansk tid)'. */
  when: string;
  place: string;
  /** The free deadline as a moment: 'mandag 9. marts kl. 12.00 (dansk tid)'. */
  deadline: string;
  /** The full fee: '1.200 kr.'. */
  fee: string;
  /** A moment as the page writes it. */
  moment: (time: Date) => string;
  /** A day: 'torsdag 12. marts'. */
  day: (time: Date) => string;
  post: string;
}

/** Whether the free cancellation deadline is still ahead, and the session not begun: what the page offers hinges on these. */
export const phaseOf = (a: Appointment, at: Date) =>
  at.getTime() >= a.start.getTime() ? 'begun' : isFreeCancellation(a.start, at) ? 'free' : 'late';
