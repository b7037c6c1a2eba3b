/** Which card is open after toggling `id`: only one at a time; toggling the open one closes it. */
export function toggleOpen(openId: string | null, id: string): string | null {
  return openId === id ? null : id;
}
