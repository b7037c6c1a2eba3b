import type { ManageTexts } from '../texts/manage';
import words from './manage.json';

export const manage: ManageTexts = words;
