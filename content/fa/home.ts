import { isolated } from '../bidi';
import { homeTexts } from '../links';
import words from './home.json';

export const home = homeTexts(isolated(words));
