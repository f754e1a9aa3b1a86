// Demo mode's profile picture is told by its first bytes, as the server tells it
// (server/routes/profile-image.test.ts): never by the file's name or declared type.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createDemoBackend } from './backend';
import { DEMO_ADMIN } from './data';
import { createMemoryStorage } from '../test-support/memoryStorage';

const UPLOAD = 'https://demo.auth-elements.invalid/frontegg/team/resources/profile/me/image/v1';
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

test('demo profile picture: the type is read from the bytes; a multipart body of one file only', async () => {
  const backend = createDemoBackend({ storage: createMemoryStorage(), delay: () => 0 });
  const login = await backend.handle('POST', '/identity/resources/auth/v1/user', { ...DEMO_ADMIN }, null);
  const token = (login.body as { accessToken: string }).accessToken;
  const upload = async (...files: File[]) => {
    const form = new FormData();
    for (const file of files) form.append('image', file);
    const headers = { authorization: `Bearer ${token}` };
    const response = await backend.transport(UPLOAD, { method: 'PUT', headers, body: form });
    return [response.status, await response.text()];
  };
  const svg = new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'me.png', { type: 'image/png' });
  assert.deepEqual(await upload(svg), [
    400,
    JSON.stringify({
      errors: ['The picture must be a PNG, JPEG, WebP or GIF image'],
      errorCodes: ['PROFILE_IMAGE_TYPE'],
    }),
  ]);
  const png = new File([PNG], 'me.txt', { type: 'text/plain' });
  assert.equal((await upload(png, png))[0], 400);
  assert.deepEqual(await upload(png), [200, `data:image/png;base64,${Buffer.from(PNG).toString('base64')}`]);
});
