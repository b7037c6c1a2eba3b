import type { ReactElement } from 'react';
import type { IconName } from '../../content/therapyAreas';
import { award, cloud, compass, flame, globe, puzzle, shield, users, wind } from './icons';

/** The icons that content/ names (therapy areas, trust badges). */
export const contentIcons: Record<IconName, ReactElement> = { award, cloud, compass, flame, globe, puzzle, shield, users, wind };
