import { readFileSync } from 'node:fs';
import http from 'node:http';
import express from 'express';
import { createRenderer, loadAssets } from '../server/http/render';
import { siteSettings } from '../server/http/siteSettings';
import { loadConfig } from '../server/process/config';

// The baselines of `npm run bench`. Two serve the exact bytes the real server rendered: a bare
// Express 5 app (the framework's floor) and a bare node:http server (the machine's limit). The
// third is the floor of the design: bare Express that renders each page per request, as the real
// server does, but with no headers, logging or compression around it.

const [kind, file] = process.argv.slice(2);
const pages = new Map(
  Object.entries(JSON.parse(readFileSync(file as string, 'utf8')) as Record<string, string>).map(([p, html]) => [
    p,
    Buffer.from(html),
  ]),
);

const send = (res: http.ServerResponse, body: Buffer | undefined) => {
  res.writeHead(body ? 200 : 404, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': body?.length ?? 0 });
  res.end(body);
};

const render = createRenderer(loadAssets(), 'https://www.example.dk', siteSettings(loadConfig({})));

const server =
  kind === 'render'
    ? http.createServer(
        express().use(async (req, res) => {
          const page = await render(req.path);
          res.status(page.status).type('html').send(page.html);
        }),
      )
    : kind === 'express'
      ? http.createServer(
          express().use((req, res) => {
            send(res, pages.get(req.path));
          }),
        )
      : http.createServer((req, res) => send(res, pages.get((req.url ?? '/').split('?')[0] as string)));

server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`${typeof address === 'object' && address ? address.port : 0}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
