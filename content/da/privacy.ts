import { privacyTexts } from '../links';
import words from './privacy.json';

// The privacy page's texts: the policy, and its section on online booking (`booking`).
export const privacy = privacyTexts(words);
