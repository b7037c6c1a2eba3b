import type { FormStates } from '../pageProps';
import type { ContactMessage, FieldErrors } from './validation';

export type Status = 'idle' | 'submitting' | 'success' | 'error';

/**
 * The form's starting state. Normally empty; when a visitor without JavaScript posted the
 * form, the server renders the contact page from this (values kept, errors shown) and the browser
 * hydrates from the same seed.
 */
export interface ContactSeed {
  status: Exclude<Status, 'submitting'>;
  values: ContactMessage;
  errors: FieldErrors;
  error: string;
}

/** The contact page's loader data: its one form's state (views/routes.ts, LoaderData). */
export type ContactPageData = FormStates<{ contact: ContactSeed }>;

export const emptyMessage: ContactMessage = { name: '', email: '', phone: '', message: '', consent: false };

export const emptySeed: ContactSeed = { status: 'idle', values: emptyMessage, errors: {}, error: '' };
