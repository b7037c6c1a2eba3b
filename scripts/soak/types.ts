// What the soak's run and its report both speak of.

export interface SoakOptions {
  seconds: number;
  /** Parallel page-view loops and the pause after each view. */
  pageLoops: number;
  pagePauseMs: number;
  /** Parallel visitor loops writing messages and the pause between visitors. */
  postLoops: number;
  postPauseMs: number;
  log?: (line: string) => void;
}

export interface MemorySample {
  at: number;
  pid: number;
  role: 'primary' | 'worker';
  rssKb: number;
}
