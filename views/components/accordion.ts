/** One open at a time: when `opened` has just opened, every other disclosure of its group closes. */
export function closeOthers<T extends { open: boolean }>(opened: T, group: Iterable<T>): void {
  if (!opened.open) return;
  for (const other of group) if (other !== opened) other.open = false;
}
