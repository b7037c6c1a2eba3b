import { bookingTexts } from '../links';
import { form } from './form';
import words from './booking.json';

export const booking = bookingTexts(words, form);
