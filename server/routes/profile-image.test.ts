// The profile picture upload (teams.updateProfileImage): multipart, type by magic bytes, 1 MB, served
// publicly at the address that becomes profilePictureUrl.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { BuiltServer } from '../app';
import { bearer, login, ME, startTestServer } from '../../test/support/server';

const UPLOAD = '/frontegg/team/resources/profile/me/image/v1';
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
let server: BuiltServer;
let token: string;

function multipart(file: Buffer, field = 'image', filename = 'me.png', type = 'image/png') {
  const boundary = '----aeBoundary7MA4YWxkTrZu0gW';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const upload = (body: { payload: Buffer; headers: Record<string, string> }, auth = token) =>
  server.app.inject({
    method: 'PUT',
    url: UPLOAD,
    payload: body.payload,
    headers: { ...body.headers, ...bearer(auth) },
  });

before(async () => {
  server = await startTestServer();
  token = (await login(server.app)).accessToken;
});
after(() => server.close());

describe('profile picture', () => {
  it('stores a PNG, answers its address, puts it in the profile and serves it', async () => {
    const res = await upload(multipart(PNG));
    assert.equal(res.statusCode, 200, res.body);
    assert.match(res.headers['content-type'] as string, /^text\/plain/);
    const url = res.body;
    assert.match(url, /\/frontegg\/team\/resources\/profile\/images\/v1\/[0-9a-f-]{36}$/);
    const me = await server.app.inject({ url: ME, headers: bearer(token) });
    assert.equal(me.json().profilePictureUrl, url);
    const image = await server.app.inject({ url: new URL(url, 'http://x').pathname });
    assert.equal(image.statusCode, 200);
    assert.equal(image.headers['content-type'], 'image/png');
    assert.equal(image.headers['x-content-type-options'], 'nosniff');
    assert.deepEqual(image.rawPayload, PNG);
    // A new picture replaces the old one.
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1');
    const again = await upload(multipart(gif, 'profileImage', 'me.gif', 'image/gif'));
    assert.equal(again.statusCode, 200, again.body);
    assert.equal((await server.app.inject({ url: new URL(url, 'http://x').pathname })).statusCode, 404);
  });

  it('refuses what is not an image (whatever its name and declared type), too large, or not multipart', async () => {
    const html = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const svg = await upload(multipart(html, 'image', 'me.png', 'image/png'));
    assert.equal(svg.statusCode, 400);
    assert.deepEqual(svg.json().errors, ['The picture must be a PNG, JPEG, WebP or GIF image']);
    const big = await upload(multipart(Buffer.concat([PNG, Buffer.alloc(1024 * 1024)])));
    assert.ok([400, 413].includes(big.statusCode), `${big.statusCode}`);
    const json = await server.app.inject({
      method: 'PUT',
      url: UPLOAD,
      payload: { image: 'x' },
      headers: bearer(token),
    });
    assert.equal(json.statusCode, 400);
    const none = await server.app.inject({
      method: 'PUT',
      url: UPLOAD,
      payload: multipart(PNG).payload,
      headers: multipart(PNG).headers,
    });
    assert.equal(none.statusCode, 401);
  });
});
