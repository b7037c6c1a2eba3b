import type { Lang } from './languages';
import type { ManageTexts } from './texts/manage';
import { manage as da } from './da/manage';
import { manage as en } from './en/manage';
import { manage as fa } from './fa/manage';

// What the client reads about keeping her own appointment, in every language (server side only):
// her manage page and the mails her changes and her reminder bring.
export const manageTexts: Record<Lang, ManageTexts> = { da, en, fa };
