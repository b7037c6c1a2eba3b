import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../scripts/builtServer';
import { ConfigError, loadConfig } from '../server/process/config';

// app.json: what a Heroku-style host needs to create the site in one step (issue 48). Checked
// against app.json's schema (devcenter.heroku.com/articles/app-json-schema) and against the
// configuration itself: which variables production requires is found by asking loadConfig (each
// refusal names the one it misses), not from a list kept here; and the variables as the host
// fills them in (values, generated secrets, the add-on's REDIS_URL, the operator's answers) start
// the site in production with booking on.

interface EnvEntry {
  description: string;
  value?: string;
  required?: boolean;
  generator?: 'secret';
}
interface AppJson {
  name: string;
  env: Record<string, EnvEntry>;
  formation: Record<string, { quantity: number; size: string }>;
  addons: { plan: string; as?: string }[];
  buildpacks: { url: string }[];
  stack?: string;
}

const app = JSON.parse(readFileSync(path.join(ROOT, 'app.json'), 'utf8')) as AppJson;
const procfile = readFileSync(path.join(ROOT, 'Procfile'), 'utf8');

/** What the operator answers for a variable the host asks for, and what the add-on sets. */
const answers: Record<string, string> = {
  BASE_URL: 'https://www.example.dk',
  SMTP_URL: 'smtps://site:password@smtp.example.dk:465',
  MAIL_FROM: 'Hjemmesiden <sara@example.dk>',
  MAIL_TO: 'sara@example.dk',
  BOOKING_CALENDAR_URL: 'https://calendar.example.com/secret/basic.ics',
  BOOKING_SECRET: randomBytes(32).toString('hex'),
};
const fromRedisAddon = { REDIS_URL: 'rediss://:password@redis.example.com:6380' };

/** The variables production refuses to start without, from an environment that has only `given`. */
function requiredBeside(given: Record<string, string>): string[] {
  const env: Record<string, string> = { NODE_ENV: 'production', ...given };
  const missing: string[] = [];
  for (;;) {
    try {
      loadConfig(env);
      return missing;
    } catch (err) {
      const name = err instanceof ConfigError ? /^([A-Z][A-Z0-9_]*) must be set/.exec(err.message)?.[1] : undefined;
      if (!name) throw err;
      const answer = answers[name] ?? (fromRedisAddon as Record<string, string>)[name];
      if (!answer) throw new Error(`production requires ${name}: app.json must name it, and this test answer it`);
      missing.push(name);
      env[name] = answer;
    }
  }
}

/** Every variable loadConfig reads. */
function variablesRead(env: Record<string, string>): Set<string> {
  const read = new Set<string>();
  loadConfig(
    new Proxy(env, {
      get(target, key) {
        if (typeof key === 'string') read.add(key);
        return target[key as string];
      },
    }),
  );
  return read;
}

/** The environment the host makes from app.json: values, generated secrets, the operator's answers, the add-on. */
function hostEnvironment(): Record<string, string> {
  const env: Record<string, string> = { ...fromRedisAddon };
  for (const [name, entry] of Object.entries(app.env)) {
    if (entry.value !== undefined) env[name] = entry.value;
    else if (entry.generator === 'secret') env[name] = randomBytes(32).toString('hex');
    else if (entry.required) env[name] = answers[name] as string;
  }
  return env;
}

test("app.json keeps to Heroku's schema", () => {
  const keys = [
    'name',
    'description',
    'keywords',
    'website',
    'repository',
    'logo',
    'success_url',
    'scripts',
    'env',
    'formation',
    'addons',
    'buildpacks',
    'environments',
    'stack',
    'image',
  ];
  for (const key of Object.keys(app)) expect(keys).toContain(key);
  expect(app.name).toMatch(/^[a-z][a-z0-9-]{2,29}$/);
  for (const [name, entry] of Object.entries(app.env)) {
    expect(name).toMatch(/^[A-Z][A-Z0-9_]*$/);
    for (const key of Object.keys(entry)) expect(['description', 'value', 'required', 'generator']).toContain(key);
    expect(entry.description.length).toBeGreaterThan(10);
    if (entry.value !== undefined) expect(typeof entry.value).toBe('string');
    if (entry.required !== undefined) expect(typeof entry.required).toBe('boolean');
    if (entry.generator !== undefined) expect(entry.generator).toBe('secret');
  }
  // The formation runs the Procfile's processes; the release phase is no dyno of its own.
  for (const [type, { quantity, size }] of Object.entries(app.formation)) {
    expect(procfile).toMatch(new RegExp(`^${type}: `, 'm'));
    expect(Number.isInteger(quantity) && quantity >= 1).toBe(true);
    expect(size).toMatch(/^[a-z0-9-]+$/);
  }
  expect(app.buildpacks).toEqual([{ url: 'heroku/nodejs' }]);
});

test('it names every variable production requires, with booking on; the Redis add-on sets REDIS_URL', () => {
  const required = new Set([
    ...requiredBeside({}),
    ...requiredBeside({ BOOKING_CALENDAR_URL: answers.BOOKING_CALENDAR_URL as string }),
  ]);
  expect([...required].sort()).toEqual(expect.arrayContaining(['BOOKING_SECRET', 'REDIS_URL', 'SMTP_URL']));
  for (const name of required) {
    if (name === 'REDIS_URL') expect(app.addons.map((a) => a.plan.split(':')[0])).toContain('heroku-redis');
    else
      expect({
        name,
        provided: Boolean(app.env[name]?.required || app.env[name]?.value || app.env[name]?.generator),
      }).toEqual({ name, provided: true });
  }
  expect(app.env.NODE_ENV?.value).toBe('production');
  expect(app.env.BOOKING_SECRET?.generator).toBe('secret');
  expect(app.env.HEALTHZ_TOKEN?.generator).toBe('secret');
});

test('what the host fills in starts the site in production with booking on, and names nothing the site does not read', () => {
  const env = hostEnvironment();
  const config = loadConfig(env);
  expect(config.production).toBe(true);
  expect(config.booking).not.toBeNull();
  expect(config.redisUrl).toBe(fromRedisAddon.REDIS_URL);
  expect(config.trustProxy).toBe(1);
  expect(config.healthzToken).not.toBeNull();
  const read = variablesRead(env);
  for (const name of Object.keys(app.env)) expect({ name, read: read.has(name) }).toEqual({ name, read: true });
});
