import { contactTexts } from '../links';
import { form } from './form';
import words from './contact.json';

export const contact = contactTexts(words, form);
