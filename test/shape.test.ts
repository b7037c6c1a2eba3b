import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseSync } from '@swc/core';

// The shape kept as the site grows (issue 52, the developers' guide): no function in server/ over
// 80 lines, no stylesheet over 600, the README within 250. Each function, arrow and method is
// measured from its first line to its last, a nested one on its own too; the files are read by
// swc's parser, the one jest compiles the tests with.

const ROOT = path.join(__dirname, '..');
const MAX_FUNCTION_LINES = 80;

function filesIn(dir: string, ending: RegExp): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesIn(full, ending);
    return ending.test(entry.name) ? [full] : [];
  });
}

const FUNCTIONS = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression', 'ClassMethod']);

interface Measured {
  where: string;
  name: string;
  lines: number;
}

/** Every function of a file: where it starts, its name (or the variable's or property's it is given to), its lines. */
function functionsOf(file: string): Measured[] {
  const source = readFileSync(file);
  const program = parseSync(source.toString('utf8'), { syntax: 'typescript', tsx: file.endsWith('.tsx') });
  // swc's spans count the file's bytes from 1.
  const lineAt = (position: number) =>
    source
      .subarray(0, position - 1)
      .toString('utf8')
      .split('\n').length;
  const found: Measured[] = [];
  const walk = (node: unknown, name: string): void => {
    if (Array.isArray(node)) {
      for (const n of node) walk(n, name);
      return;
    }
    if (!node || typeof node !== 'object') return;
    const n = node as { type?: string; span?: { start: number; end: number }; [key: string]: unknown };
    const key = (n.identifier ?? n.id ?? n.key) as { value?: string } | undefined;
    const here = n.type === 'VariableDeclarator' || n.type === 'KeyValueProperty' ? (key?.value ?? name) : name;
    if (n.type && FUNCTIONS.has(n.type) && n.span) {
      const start = lineAt(n.span.start);
      const own = (n.identifier as { value?: string } | undefined)?.value ?? key?.value ?? here;
      found.push({ where: `${path.relative(ROOT, file)}:${start}`, name: own, lines: lineAt(n.span.end) - start + 1 });
    }
    for (const [k, value] of Object.entries(n)) if (k !== 'span' && k !== 'type') walk(value, here);
  };
  walk(program.body, '(anonymous)');
  return found;
}

const serverFunctions = filesIn(path.join(ROOT, 'server'), /\.tsx?$/)
  .filter((file) => !file.endsWith('.d.ts'))
  .flatMap(functionsOf);

const lineCount = (file: string) => readFileSync(file, 'utf8').trimEnd().split('\n').length;

test(`no function in server/ is longer than ${MAX_FUNCTION_LINES} lines`, () => {
  expect(serverFunctions.length).toBeGreaterThan(500);
  expect(serverFunctions.filter((f) => f.lines > MAX_FUNCTION_LINES)).toEqual([]);
});

test('the measure counts a function from its first line to its last', () => {
  const named = (name: string) =>
    serverFunctions.find((f) => f.where.startsWith('server/store/redis.ts:') && f.name === name);
  // server/store/redis.ts: connectRedis, its first line to its closing brace; firstAnswer, an arrow of six lines.
  const text = readFileSync(path.join(ROOT, 'server', 'store', 'redis.ts'), 'utf8').split('\n');
  const first = text.findIndex((line) => line.startsWith('export function connectRedis('));
  const last = text.findIndex((line, i) => i > first && line === '}');
  expect(named('connectRedis')).toEqual({
    where: `server/store/redis.ts:${first + 1}`,
    name: 'connectRedis',
    lines: last - first + 1,
  });
  expect(named('firstAnswer')?.lines).toBe(6);
});

test('no stylesheet is longer than 600 lines', () => {
  const sheets = filesIn(path.join(ROOT, 'client'), /\.css$/);
  expect(sheets.length).toBeGreaterThan(5);
  expect(sheets.map((f) => [path.relative(ROOT, f), lineCount(f)]).filter(([, n]) => Number(n) > 600)).toEqual([]);
});

test('the README is within 250 lines', () => {
  expect(lineCount(path.join(ROOT, 'README.md'))).toBeLessThanOrEqual(250);
});
