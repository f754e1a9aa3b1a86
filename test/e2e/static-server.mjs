// A plain file server, standing in for any static host or CDN: /cdn/* from cdn/, the rest from
// demo-pages/. No API behind it: demo mode must work with this alone.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const port = Number(process.env.E2E_STATIC_PORT ?? 8788);
const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

createServer((request, response) => {
  const path = normalize(decodeURIComponent(new URL(request.url, 'http://x').pathname));
  const file = path.startsWith('/cdn/')
    ? join(root, path)
    : join(root, 'demo-pages', path === '/' ? 'index.html' : path);
  if (!file.startsWith(root) || !existsSync(file) || !statSync(file).isFile()) {
    response.writeHead(404).end('Not found');
    return;
  }
  response.writeHead(200, {
    'content-type': types[extname(file)] ?? 'application/octet-stream',
    'access-control-allow-origin': '*',
  });
  createReadStream(file).pipe(response);
}).listen(port, '127.0.0.1', () => console.log(`static server on http://127.0.0.1:${port}`));
