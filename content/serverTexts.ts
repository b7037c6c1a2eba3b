import type { Lang } from './languages';
import type { ServerTexts } from './texts/server';
import { server as da } from './da/server';
import { server as en } from './en/server';
import { server as fa } from './fa/server';

// The texts only the server needs, in every language: it imports them all, the browser none.
export const serverTexts: Record<Lang, ServerTexts> = { da, en, fa };
