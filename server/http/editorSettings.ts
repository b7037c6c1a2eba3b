import { readFileSync } from 'node:fs';
import path from 'node:path';
import { practice } from '../../content/practice';
import type { Config } from '../process/config';
import { escapeHtml } from './escapeHtml';

// What the owner's editor is served as its configuration (/admin/config.yml): the one generated
// from content's declarations (editor/config.yml, copied by the build) with what is known only
// where the site runs: her repository, the login the operator set up, the practice's name and
// mark, the site's address. Made once at start (decision 0071).

type Settings = Pick<Config, 'production' | 'baseUrl' | 'editorRepo' | 'editorAuthUrl'>;

/** Outside production without EDITOR_REPO: a name for the working copy, which the local mode edits. */
const DEVELOPMENT_REPO = 'lokal/psykolog-aalborg';

/** The practice's mark, copied beside the editor by the build (its own host serves nothing else). */
const EDITOR_LOGO = '/admin/logo.svg';

/** The configuration as served, or null while the editor is not set up (production without EDITOR_REPO). */
export function servedEditorConfig(adminDir: string, settings: Settings): string | null {
  const repo = settings.editorRepo ?? (settings.production ? null : DEVELOPMENT_REPO);
  if (!repo) return null;
  // JSON is YAML: the generated file is a comment line, then JSON.
  const generated = JSON.parse(readFileSync(path.join(adminDir, 'config.yml'), 'utf8').replace(/^#.*\n/, '')) as {
    backend: Record<string, unknown>;
  };
  const config = {
    ...generated,
    backend: {
      ...generated.backend,
      repo,
      // Only a login that is set up is offered: the GitHub login needs the operator's OAuth handler.
      ...(settings.editorAuthUrl
        ? { base_url: settings.editorAuthUrl, auth_methods: ['oauth', 'token'] }
        : { auth_methods: ['token'] }),
    },
    app_title: practice.name,
    logo: { src: EDITOR_LOGO },
    site_url: settings.baseUrl,
  };
  return JSON.stringify(config, null, 2);
}

/** What /admin/ says while the editor is not set up: in Danish, to her. */
export const NOT_SET_UP = `<!doctype html>
<html lang="da">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex, nofollow"><title>Redigering · ${escapeHtml(practice.name)}</title></head>
<body>
<h1>Redigeringen er ikke sat op endnu</h1>
<p>Her retter du hjemmesidens tekster, priser, tider og billeder, når den, der driver siden, har forbundet redigeringen med sidens repository på GitHub (EDITOR_REPO, se docs/content.md). Skriv til vedkommende; siden selv kører som før.</p>
</body>
</html>
`;
