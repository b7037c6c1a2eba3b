import { aboutTexts } from '../links';
import words from './about.json';

export const about = aboutTexts(words);
