import { readFileSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { LOGIN_PAGE, sealState, STATE_LIFETIME_MS } from '../server/editorLogin';
import { appWith, captureLogs, makeApp, testConfig } from './support/app';
import {
  startGitHubStandIn,
  TEST_CLIENT_SECRET,
  TEST_LOGIN,
  windowProof,
  type GitHubStandIn,
} from './support/editorLogin';
import { useRedis } from './support/redis';

// Her login to GitHub through the site (server/editorLogin/, decision 0053), against a local
// stand-in for github.com's authorize page and token endpoint (test/support/editorLogin.ts): the
// state is bound to the login window and checked, each code is exchanged once, the client secret
// goes to GitHub only (in no log line, no page, no answer), the token is posted to the editor's
// own origin only, and nothing is cacheable or sets a cookie. In Chromium, with Sveltia CMS
// itself: test/e2e/editor-login.slow.test.ts.

const ADMIN = 'redaktion.example.dk';
/** Her prices page's words with a heading she is typing (for the preview her login lets her see). */
const daPrices = {
  ...(JSON.parse(readFileSync(path.join(__dirname, '..', 'content', 'da', 'prices.json'), 'utf8')) as object),
  heading: 'Priser i dag',
};
const ORIGIN = `http://${ADMIN}`;

let github: GitHubStandIn;
beforeAll(async () => {
  github = await startGitHubStandIn();
});
afterAll(() => github.close());

function loginApp(now?: () => Date) {
  return makeApp({
    ...(now ? { now } : {}),
    env: {
      BASE_URL: 'http://www.example.dk',
      EDITOR_REPO: 'praksis/hjemmeside',
      ADMIN_HOST: ADMIN,
      EDITOR_GITHUB_URL: github.url,
      ...TEST_LOGIN,
    },
  });
}

type App = ReturnType<typeof loginApp>['app'];
/** Every answer a test got, to look for the secret in. */
const answers: request.Response[] = [];
const kept = (res: request.Response) => {
  answers.push(res);
  return res;
};

/** The window's way to GitHub and back: /start with the proof's hash, GitHub's authorize page, the callback's code and state. */
async function throughGitHub(app: App) {
  const { proof, binding } = windowProof();
  const start = kept(await request(app).get(`/admin/login/start?binding=${binding}`).set('Host', ADMIN));
  expect(start.status).toBe(302);
  const toGitHub = new URL(start.headers.location as string);
  const back = await fetch(toGitHub, { redirect: 'manual' });
  const callback = new URL(back.headers.get('location') as string);
  return {
    toGitHub,
    proof,
    code: callback.searchParams.get('code') as string,
    state: callback.searchParams.get('state') as string,
    callback,
  };
}

const exchange = (app: App, body: Record<string, unknown>, origin = ORIGIN) =>
  request(app).post('/admin/login/token').set('Host', ADMIN).set('Origin', origin).send(body).then(kept);

describe('her login to GitHub, served by the site', () => {
  test('she logs in: GitHub is asked once, with the App secret, for the code she brought; the window gets a token of 8 hours and nothing more', async () => {
    const { app, logs } = loginApp();
    const before = github.exchanged.length;
    const { toGitHub, proof, code, state, callback } = await throughGitHub(app);
    expect(toGitHub.origin + toGitHub.pathname).toBe(`${github.url}/login/oauth/authorize`);
    expect(Object.fromEntries(toGitHub.searchParams)).toEqual({
      client_id: TEST_LOGIN.EDITOR_GITHUB_CLIENT_ID,
      redirect_uri: `${ORIGIN}/admin/login/callback`,
      state,
      allow_signup: 'false',
    });
    expect(callback.origin + callback.pathname).toBe(`${ORIGIN}/admin/login/callback`);
    const res = await exchange(app, { code, state, proof });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ token: github.issued.at(-1), ticket: expect.any(String) });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(github.exchanged.slice(before)).toEqual([
      {
        client_id: TEST_LOGIN.EDITOR_GITHUB_CLIENT_ID,
        client_secret: TEST_CLIENT_SECRET,
        code,
        redirect_uri: `${ORIGIN}/admin/login/callback`,
      },
    ]);
    // The refresh token (six months) stays behind: what her browser holds expires in 8 hours.
    expect(JSON.stringify(res.body)).not.toMatch(/ghr_|refresh/);
    expect(logs.lines.map((l) => l.msg)).toContain(
      'editor login: GitHub gave her a user token (its refresh token dropped)',
    );
  });

  test("her login gives her editor a preview ticket, for as long as GitHub's token: with it her page is rendered, after it she is asked to log in again", async () => {
    let clock = new Date();
    const { app } = loginApp(() => clock);
    const flow = await throughGitHub(app);
    const { ticket } = (await exchange(app, flow)).body as { ticket: string };
    // GitHub's token lasts 28800 s (8 hours): so does the ticket, from the site's clock.
    expect(Number(ticket.split('.')[0]) - clock.getTime()).toBe(28_800_000);
    // The login window keeps it where the editor's preview reads it, before the token is handed on.
    expect(LOGIN_PAGE).toMatch(/localStorage\.setItem\(TICKET, body\.ticket\);\s*answer\(/);
    const preview = () =>
      request(app)
        .post('/admin/preview')
        .set('Host', ADMIN)
        .set('Origin', ORIGIN)
        .type('form')
        .send({ file: 'content/da/prices.json', json: JSON.stringify(daPrices), ticket })
        .then(kept);
    const shown = await preview();
    expect(shown.status).toBe(200);
    expect(shown.text).toContain('<h1 tabindex="-1">Priser i dag</h1>');
    clock = new Date(clock.getTime() + 28_800_001);
    const late = await preview();
    expect(late.status).toBe(403);
    expect(late.text).toContain('Log ind igen for at se forhåndsvisningen');
    expect(late.text).not.toContain('Priser i dag');
  });

  test('each code is exchanged once: the same state again, or with another code, is refused without asking GitHub', async () => {
    const { app } = loginApp();
    const { proof, code, state } = await throughGitHub(app);
    expect((await exchange(app, { code, state, proof })).status).toBe(200);
    const asked = github.exchanged.length;
    const again = await exchange(app, { code, state, proof });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ error: 'Login udløb eller blev brugt før. Prøv igen.' });
    expect((await exchange(app, { code: 'another0code', state, proof })).status).toBe(400);
    expect(github.exchanged.length).toBe(asked);
  });

  test("the state is checked: another window's, a forged, an expired one, and a post from another origin are refused, GitHub never asked", async () => {
    const { app, config } = loginApp();
    const asked = github.exchanged.length;
    const { proof, code, state } = await throughGitHub(app);
    const key = config.editor?.login?.stateKey as Buffer;
    const elsewhere = windowProof();
    const [payload, signature] = state.split('.') as [string, string];
    const refusals = [
      // Another window's proof: a state carried off to another browser is worth nothing.
      { code, state, proof: elsewhere.proof },
      // Made by anyone but this site: a flipped signature, a state signed with another key.
      { code, state: `${payload}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`, proof },
      { code, state: sealState(Buffer.alloc(32, 7), windowProof().binding), proof },
      // Out of time: GitHub's code lives ten minutes, so does the state.
      { code, state: sealState(key, elsewhere.binding, Date.now() - STATE_LIFETIME_MS - 1000), proof: elsewhere.proof },
      // Malformed.
      { code, state: 'x'.repeat(500), proof },
      { code: '<script>', state, proof },
      {},
    ];
    for (const body of refusals) {
      const res = await exchange(app, body);
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
    }
    const foreign = await exchange(app, { code, state, proof }, 'https://evil.example');
    expect(foreign.status).toBe(403);
    expect(github.exchanged.length).toBe(asked);
    // The state still works for its own window after all that.
    expect((await exchange(app, { code, state, proof })).status).toBe(200);
    const start = await request(app).get('/admin/login/start?binding=short').set('Host', ADMIN);
    expect(start.status).toBe(400);
  });

  test("GitHub's refusals: a token that never expires is never handed on, and the operator is told which setting; GitHub gone is said so", async () => {
    const { app, logs } = loginApp();
    try {
      github.answerWith({ access_token: `gho_${'x'.repeat(36)}`, token_type: 'bearer', scope: 'repo' });
      let flow = await throughGitHub(app);
      const forever = await exchange(app, flow);
      expect(forever.status).toBe(500);
      expect(forever.body).toEqual({
        error: 'Login virker ikke, som hjemmesiden er sat op. Kontakt den, der driver hjemmesiden.',
      });
      expect(JSON.stringify(forever.body)).not.toContain('gho_');
      expect(logs.lines.find((l) => l.level === 50)?.msg).toMatch(
        /^editor login refused: GitHub gave a token that never expires: turn on "Expire user authorization tokens"/,
      );
      github.answerWith({ error: 'bad_verification_code', error_description: '<b>The code passed is incorrect</b>' });
      flow = await throughGitHub(app);
      expect((await exchange(app, flow)).status).toBe(400);
      github.answerWith('close');
      flow = await throughGitHub(app);
      const gone = await exchange(app, flow);
      expect(gone.status).toBe(502);
      expect(gone.body).toEqual({ error: 'GitHub svarede ikke. Prøv igen om lidt.' });
      // What a stranger's code costs the log: info, and GitHub's own text is not repeated.
      expect(logs.lines.filter((l) => l.level === 50)).toHaveLength(1);
      expect(logs.text()).not.toContain('The code passed');
    } finally {
      github.answerWith(null);
    }
  });

  test('an address gets 10 exchanges a quarter of an hour, then is told to wait', async () => {
    const { app } = loginApp();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await exchange(app, { code: 'x', state: 'y', proof: 'z' })).status);
    expect(statuses).toEqual([...Array(10).fill(400), 429]);
  });

  test("the window's page: its own strict CSP (its one script by hash), nothing cacheable, no cookie, and it posts only to its own origin", async () => {
    const { app } = loginApp();
    for (const p of [
      '/admin/login/authorize?provider=github&site_id=x&scope=repo',
      '/admin/login/callback?code=c&state=s',
    ]) {
      const res = kept(await request(app).get(p).set('Host', ADMIN));
      expect(res.status).toBe(200);
      const csp = res.headers['content-security-policy'] as string;
      expect(csp).toMatch(
        /^default-src 'none'; script-src 'sha256-[\w+/=]+'; style-src 'sha256-[\w+/=]+'; connect-src 'self';/,
      );
      expect(csp).not.toMatch(/unsafe|https?:/);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    const posts = [...LOGIN_PAGE.matchAll(/postMessage\(([^)]*)\)/g)].map((m) => m[1]?.split(',').at(-1)?.trim());
    expect(posts).toEqual(['location.origin', 'location.origin']);
    expect(LOGIN_PAGE).toContain('window.opener.location.origin === location.origin');
  });

  test('the App secret is in no log line, no page and no answer; no answer sets a cookie', () => {
    expect(answers.length).toBeGreaterThan(20);
    for (const res of answers) {
      const seen = `${JSON.stringify(res.headers)}\n${res.text}`;
      expect(seen).not.toContain(TEST_CLIENT_SECRET);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });
});

test('the secret and the tokens are in no log line of a whole login', async () => {
  const { app, logs } = loginApp();
  const flow = await throughGitHub(app);
  await request(app).get(`/admin/login/callback?code=${flow.code}&state=${flow.state}`).set('Host', ADMIN);
  const res = await exchange(app, flow);
  expect(res.status).toBe(200);
  const text = logs.text();
  for (const secret of [
    TEST_CLIENT_SECRET,
    res.body.token as string,
    res.body.ticket as string,
    flow.code,
    flow.state,
    flow.proof,
  ])
    expect(text).not.toContain(secret);
  expect(text).toContain('/admin/login/callback');
});

describe('two processes sharing one Redis', () => {
  const redis = useRedis();

  test('a state used on one process is refused on the other, GitHub not asked again', async () => {
    const env = {
      BASE_URL: 'http://www.example.dk',
      EDITOR_REPO: 'praksis/hjemmeside',
      ADMIN_HOST: ADMIN,
      EDITOR_GITHUB_URL: github.url,
      REDIS_URL: redis.url,
      WEB_CONCURRENCY: '2',
      ...TEST_LOGIN,
    };
    const config = testConfig(env);
    const [one, other] = await Promise.all([redis.connect(), redis.connect()]);
    const first = appWith({ config, logger: captureLogs().logger, redis: one });
    const second = appWith({ config, logger: captureLogs().logger, redis: other });
    const flow = await throughGitHub(first);
    expect((await exchange(first, flow)).status).toBe(200);
    const asked = github.exchanged.length;
    expect((await exchange(second, flow)).status).toBe(400);
    expect(github.exchanged.length).toBe(asked);
  });
});
