import { readFileSync } from 'node:fs';
import http from 'node:http';
import express from 'express';

// The two baselines of `npm run bench`, each serving the exact bytes the real server rendered:
// a bare Express 5 app (the framework's floor) and a bare node:http server (the machine's limit).

const [kind, file] = process.argv.slice(2);
const pages = new Map(Object.entries(JSON.parse(readFileSync(file as string, 'utf8')) as Record<string, string>).map(([p, html]) => [p, Buffer.from(html)]));

const send = (res: http.ServerResponse, body: Buffer | undefined) => {
  res.writeHead(body ? 200 : 404, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': body?.length ?? 0 });
  res.end(body);
};

const server =
  kind === 'express'
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
