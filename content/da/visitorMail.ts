import type { VisitorMailTexts } from '../texts/visitorMail';
import words from './visitorMail.json';

export const visitorMail: VisitorMailTexts = words;
