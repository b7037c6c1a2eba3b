import { isolated } from '../bidi';
import { therapyTexts } from '../links';
import words from './therapy.json';

export const therapy = therapyTexts(isolated(words));
