import { isolated } from '../bidi';
import type { ManageTexts } from '../texts/manage';
import words from './manage.json';

export const manage: ManageTexts = isolated(words);
