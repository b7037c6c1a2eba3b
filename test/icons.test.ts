import { readFileSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { routes } from '../views/routes';
import { DIST_DIR, loadAssets } from '../server/http/render';
import { makeApp } from './support/app';

// Icons are drawn by the stylesheet. An icon class with no rule there would be a blank gap.

const { app } = makeApp();
const css = readFileSync(path.join(DIST_DIR, 'public', loadAssets().css), 'utf8');

test.each(routes.map((r) => [r.path]))('%s: every icon on the page is in the stylesheet, inlined', async (url) => {
  const html = (await request(app).get(url)).text;
  const shapes = [...new Set([...html.matchAll(/class="icon icon-([a-z-]+)/g)].map((m) => m[1] as string))];
  expect(shapes.length).toBeGreaterThan(0);
  for (const shape of shapes) {
    const rule = new RegExp(`\\.icon-${shape}\\{--icon: ?url\\(['"]?data:image/svg\\+xml,<svg `);
    expect({ shape, inStylesheet: rule.test(css) }).toEqual({ shape, inStylesheet: true });
  }
});
