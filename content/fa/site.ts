import { isolated } from '../bidi';
import { siteTexts } from '../site';
import words from './site.json';

export const site = siteTexts('fa', isolated(words));
