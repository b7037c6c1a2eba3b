import { type CheckRun, type Save, stateOf } from './state';

// /admin/live/: which of her saves are on the site, which are being checked, which were refused
// and why. From her browser, with the login the editor keeps (localStorage, as Sveltia CMS
// writes it): the repository's newest commits and their check runs from GitHub's API, and the
// commit the running site was built from, which the site tells this page as a hash only
// (/admin/version, server/admin/version.ts): she finds it among the commits her login can read.

const USER_KEY = 'sveltia-cms.user';
const SHOWN = 15;

const saves = document.getElementById('saves') as HTMLOListElement;
const state = document.getElementById('state') as HTMLParagraphElement;

interface Backend {
  repo: string;
  branch?: string;
  api_root?: string;
}

/** The editor's configuration: JSON after its one comment line. */
async function backend(): Promise<Backend> {
  const text = await (await fetch('/admin/config.yml')).text();
  return (JSON.parse(text.replace(/^#.*\n/, '')) as { backend: Backend }).backend;
}

const hex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');
const sha256 = async (text: string) => hex(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));

const when = (iso: string) =>
  new Date(iso).toLocaleString('da-DK', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Copenhagen' });

function show(save: Save): HTMLLIElement {
  const item = document.createElement('li');
  item.className = save.state.kind;
  const what = document.createElement('div');
  what.className = 'what';
  what.textContent = save.message;
  const who = document.createElement('div');
  who.className = 'who';
  who.textContent = `${save.author} · ${when(save.date)}`;
  const said = document.createElement('div');
  said.className = 'state';
  said.textContent = save.state.says;
  item.append(what, who, said);
  if (save.state.why.length) {
    const why = document.createElement('ul');
    why.className = 'why';
    for (const line of save.state.why) {
      const li = document.createElement('li');
      li.textContent = line;
      why.append(li);
    }
    item.append(why);
  }
  return item;
}

async function main(): Promise<void> {
  const token = (JSON.parse(localStorage.getItem(USER_KEY) ?? '{}') as { token?: string }).token;
  if (!token) {
    state.textContent = 'Log ind i editoren først: siden bruger dit login til at spørge GitHub.';
    return;
  }
  const { repo, branch = 'main', api_root: api = 'https://api.github.com' } = await backend();
  const github = async <T>(path: string): Promise<T> => {
    const res = await fetch(`${api}/repos/${repo}${path}`, {
      headers: { Authorization: `token ${token}`, Accept: 'application/vnd.github+json' },
    });
    if (!res.ok) throw new Error(`GitHub svarede ${res.status}`);
    return (await res.json()) as T;
  };
  const [{ build }, commits] = await Promise.all([
    fetch('/admin/version').then((res) => res.json() as Promise<{ build: string | null }>),
    github<{ sha: string; commit: { message: string; author: { name: string; date: string } } }[]>(
      `/commits?sha=${encodeURIComponent(branch)}&per_page=${SHOWN}`,
    ),
  ]);
  const hashes = await Promise.all(commits.map((c) => sha256(c.sha)));
  const live = build ? hashes.indexOf(build) : -1;
  const runsOf = async (sha: string) => {
    const { check_runs } = await github<{ check_runs: CheckRun[] }>(`/commits/${sha}/check-runs`);
    return Promise.all(
      check_runs.map(async (run) =>
        run.conclusion === 'failure'
          ? { ...run, annotations: await github<CheckRun['annotations']>(`/check-runs/${run.id}/annotations`) }
          : run,
      ),
    );
  };
  const shown = await Promise.all(
    commits.map(async (c, i) => {
      const isLive = live >= 0 && i >= live;
      return {
        message: c.commit.message.split('\n')[0] ?? '',
        author: c.commit.author.name,
        date: c.commit.author.date,
        state: stateOf(isLive, isLive ? [] : await runsOf(c.sha)),
      };
    }),
  );
  state.textContent =
    build === null
      ? 'Hjemmesiden ved ikke, hvilken version den kører, så den kan ikke sige, hvad der er live.'
      : live < 0
        ? `Den version, hjemmesiden kører, er ældre end dine seneste ${commits.length} ændringer.`
        : 'Den nyeste ændring øverst.';
  saves.replaceChildren(...shown.map(show));
}

main().catch((error: Error) => {
  state.textContent = `Kunne ikke hente status: ${error.message}. Prøv igen om lidt.`;
});
