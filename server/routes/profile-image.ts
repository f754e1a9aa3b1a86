/**
 * The profile picture (the client SDK's teams.updateProfileImage):
 * - PUT /team/resources/profile/me/image/v1, `multipart/form-data` with one file (any field name;
 *   the client's `FormData`): PNG, JPEG, WebP or GIF by their first bytes, at most 1 MB. Answers the
 *   picture's address as plain text (the client reads a string) and sets it as the user's
 *   `profilePictureUrl`. A signed-in person only (API tokens 403). 400 for anything else, 413 for a
 *   larger body.
 * - GET /team/resources/profile/images/v1/{id}: the picture, public (an `<img>` sends no bearer
 *   token; the id is random and unguessable), with its type, `nosniff` and a sandboxing CSP.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { singleFilePart } from '../domain/profile-images';
import { loadProfileImage, saveProfileImage } from '../storage/profile-images';
import { contractError } from '../../core/contract/errors';
import { idParams } from '../http/list-query';
import { acceptedProfileImage, imageTypeOf, PROFILE_IMAGE_MAX_BYTES } from '../../core/domain/profile-image';
import { callerOf } from '../http/route-table';

const UPLOAD = '/team/resources/profile/me/image/v1';
const IMAGES = '/team/resources/profile/images/v1';
/** Room for the multipart framing around a file of the largest size. */
const BODY_LIMIT = PROFILE_IMAGE_MAX_BYTES + 16 * 1024;

export async function profileImageRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const prefix = ctx.options.prefix ? `/${ctx.options.prefix}` : '';
  // The server's public address when it has one (the issuer URL); else an address on this host.
  const base = /^https?:\/\//.test(ctx.options.issuer) ? ctx.options.issuer.replace(/\/+$/, '') : '';
  const urlOf = (id: string) => `${base}${prefix}${IMAGES}/${id}`;

  // Its own scope: the multipart parser serves this route only.
  await app.register(async (scoped) => {
    scoped.addContentTypeParser(
      'multipart/form-data',
      { parseAs: 'buffer', bodyLimit: BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    scoped.put(UPLOAD, { bodyLimit: BODY_LIMIT }, async (request, reply) => {
      const claims = callerOf(request);
      const type = String(request.headers['content-type'] ?? '');
      const multipart = Buffer.isBuffer(request.body) && /^multipart\/form-data/i.test(type);
      const file = multipart ? singleFilePart(request.body as Buffer, type) : null;
      // The refusals (no file, too large, not an image by its first bytes): core/domain/profile-image.ts.
      const imageType = acceptedProfileImage(file && { size: file.length, type: imageTypeOf(file) });
      const url = await saveProfileImage(ctx.db, claims.sub, imageType, file!, urlOf);
      return reply.type('text/plain; charset=utf-8').send(url);
    });
  });

  app.get<{ Params: { id: string } }>(
    `${IMAGES}/:id`,
    { schema: { params: idParams('id') } },
    async (request, reply) => {
      const image = await loadProfileImage(ctx.db, request.params.id);
      if (!image) throw contractError('PROFILE_IMAGE_NOT_FOUND');
      return reply
        .type(image.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('cross-origin-resource-policy', 'cross-origin')
        .send(image.bytes);
    },
  );
}
