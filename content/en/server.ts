import type { ServerTexts } from '../texts/server';
import words from './server.json';

export const server: ServerTexts = words;
