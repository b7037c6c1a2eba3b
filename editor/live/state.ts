// What the live page says of one save, from whether the running site holds it and its check runs
// on GitHub (a commit the site was built from, or an older one, is live: the site holds it).

/** A check run as GitHub's API gives it, with its annotations when it failed. */
export interface CheckRun {
  id: number;
  name: string;
  status: 'queued' | 'in_progress' | 'completed' | string;
  conclusion: string | null;
  html_url?: string;
  annotations?: { path: string; message: string; annotation_level: string }[];
}

export interface SaveState {
  kind: 'live' | 'checking' | 'approved' | 'refused' | 'waiting';
  says: string;
  /** A refused save's reasons: the check's own lines. */
  why: string[];
}

export interface Save {
  message: string;
  author: string;
  date: string;
  state: SaveState;
}

const FAILED = new Set(['failure', 'timed_out', 'action_required', 'startup_failure']);

/** GitHub's own line under every failed run, which says nothing of why. */
const EXIT_CODE = /^Process completed with exit code/;

/** A refused run's lines: each annotation's file and message (the content check names file and key itself). */
function reasons(runs: CheckRun[]): string[] {
  const lines = runs
    .flatMap((run) => run.annotations ?? [])
    .filter((a) => a.annotation_level === 'failure' && !EXIT_CODE.test(a.message))
    .map((a) => (a.message.startsWith(a.path) || a.path === '.github' ? a.message : `${a.path}: ${a.message}`));
  return lines.length
    ? lines
    : ['En test fejlede uden en linje om dit indhold: send mailen fra GitHub til udvikleren.'];
}

export function stateOf(live: boolean, runs: CheckRun[]): SaveState {
  if (live) return { kind: 'live', says: 'Live på hjemmesiden', why: [] };
  const failed = runs.filter((run) => run.conclusion !== null && FAILED.has(run.conclusion));
  if (failed.length)
    return {
      kind: 'refused',
      says: 'Afvist: hjemmesiden kører videre uden denne ændring. Ret det, linjen nævner, og gem igen.',
      why: reasons(failed),
    };
  if (runs.length === 0) return { kind: 'waiting', says: 'Venter på at blive tjekket', why: [] };
  if (runs.some((run) => run.status !== 'completed'))
    return { kind: 'checking', says: 'Bliver tjekket (det tager nogle minutter)', why: [] };
  return { kind: 'approved', says: 'Godkendt: lægges ud på hjemmesiden om lidt', why: [] };
}
