import { isolated } from '../bidi';
import { contactTexts } from '../links';
import { form } from './form';
import words from './contact.json';

export const contact = contactTexts(isolated(words), form);
