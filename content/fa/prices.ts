import { isolated } from '../bidi';
import { pricesTexts } from '../links';
import words from './prices.json';

export const prices = pricesTexts(isolated(words));
