import type { EducationId, ExperienceId } from '../career';
import type { CtaBand } from './common';

export interface AboutTexts {
  heading: string;
  lead: string;
  /** Names the profile section for screen readers; it has no visible heading. */
  profileLabel: string;
  profile: string[];
  educationHeading: string;
  /** By id; the years are in career.ts. */
  education: Record<EducationId, { title: string; place: string }>;
  experienceHeading: string;
  experience: Record<ExperienceId, { role: string; place: string }>;
  /** Ends a period that goes on to this day: '2019–nu'. */
  now: string;
  cta: CtaBand;
}
