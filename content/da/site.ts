import { siteTexts } from '../site';
import words from './site.json';

export const site = siteTexts('da', words);
