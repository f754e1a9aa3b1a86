import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
const buf = readFileSync('cdn/6.138.0/login-box/index.js.br');
const srv = createServer((req, res) => res.writeHead(200, { 'content-type': 'text/javascript', 'content-encoding': 'br' }).end(buf));
await new Promise((r) => srv.listen(8796, '127.0.0.1', r));
async function time(url, n = 200) {
  const t = [];
  for (let i = 0; i < n; i++) { const s = performance.now(); const r = await fetch(url, { headers: { 'accept-encoding': 'br' } }); await r.arrayBuffer(); t.push(performance.now() - s); }
  t.sort((a, b) => a - b); return `median ${t[n >> 1].toFixed(2)} p90 ${t[Math.floor(n * 0.9)].toFixed(2)}`;
}
for (let k = 0; k < 2; k++) {
  console.log('trivial', await time('http://127.0.0.1:8796/x.js'));
  console.log('ours   ', await time('http://127.0.0.1:8797/cdn/6.138.0/login-box/index.js'));
  console.log('loader ', await time('http://127.0.0.1:8797/cdn/loader.js'));
  console.log('html   ', await time('http://127.0.0.1:8797/login.html'));
  console.log('policy ', await time('http://127.0.0.1:8797/frontegg/identity/resources/configurations/v1/public'));
}
srv.close();
