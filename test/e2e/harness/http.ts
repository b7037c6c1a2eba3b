import { get } from 'node:http';

// The server without a browser: a plain GET, and what the server's HTML says a page is.

export interface Fetched {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A plain GET with node:http (no browser), following no redirect. */
export function fetchText(url: string): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    get(url, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    }).on('error', reject);
  });
}

const decodeEntities = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&');

/** The <title> and the text of the <h1> the server renders for a path. */
export async function serverPage(
  origin: string,
  pathname: string,
): Promise<{ status: number; title: string; h1: string }> {
  const { status, body } = await fetchText(origin + pathname);
  const title = /<title>([^<]*)<\/title>/.exec(body)?.[1];
  const h1 = /<h1\b[^>]*>([\s\S]*?)<\/h1>/.exec(body)?.[1];
  if (title === undefined || h1 === undefined) throw new Error(`${pathname}: no <title> or <h1> in the server's HTML`);
  const text = (html: string) =>
    decodeEntities(html.replace(/<!--.*?-->/g, '').replace(/<[^>]+>/g, ''))
      .replace(/\s+/g, ' ')
      .trim();
  return { status, title: text(title), h1: text(h1) };
}
