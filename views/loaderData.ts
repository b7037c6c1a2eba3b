/**
 * A page's loader data for an address of the site (path and query), as its loader finds it now:
 * server/http/pages.ts answers the page's own URL asked for JSON with it. What a page is shown with
 * after a navigation in the browser (client/main.tsx), and the booking steps for another choice.
 * Rejects when none came.
 */
export async function loaderData<D>(url: string): Promise<D | undefined> {
  const response = await fetch(url, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw response;
  return (await response.json()) ?? undefined;
}
