/**
 * The profile picture (the client SDK's teams.updateProfileImage):
 * - PUT /team/resources/profile/me/image/v1, `multipart/form-data` with one file (any field name;
 *   the client's `FormData`), read here; the handler is core/domain/profile-image.ts (demo mode's
 *   too). A signed-in person only (API tokens 403). 400 for anything else, 413 for a larger body.
 * - GET /team/resources/profile/images/v1/{id}: the picture, public (an `<img>` sends no bearer
 *   token; the id is random and unguessable), with its type, `nosniff` and a sandboxing CSP.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { PROFILE_IMAGES, singleFilePart } from '../domain/profile-images';
import { loadProfileImage } from '../storage/profile-images';
import { contractError } from '../../core/contract/errors';
import { idParams } from '../http/list-query';
import { registerAreas } from '../http/handlers';
import { area } from '../../core/domain/platform';
import {
  PROFILE_IMAGE_HANDLERS,
  PROFILE_IMAGE_MAX_BYTES,
  profileImageAreaPorts,
} from '../../core/domain/profile-image';
import { serverPlatform } from '../platform';

/** Room for the multipart framing around a file of the largest size. */
const BODY_LIMIT = PROFILE_IMAGE_MAX_BYTES + 16 * 1024;

export async function profileImageRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // Its own scope: the multipart parser (the body's one file as `file`) serves this route only.
  await app.register(async (scoped) => {
    scoped.addContentTypeParser(
      'multipart/form-data',
      { parseAs: 'buffer', bodyLimit: BODY_LIMIT },
      (request, body, done) =>
        done(null, { file: singleFilePart(body as Buffer, String(request.headers['content-type'] ?? '')) }),
    );
    // The upload: core/domain/profile-image.ts.
    registerAreas(scoped, serverPlatform(ctx), [area(PROFILE_IMAGE_HANDLERS, profileImageAreaPorts)]);
  });

  app.get<{ Params: { id: string } }>(
    `${PROFILE_IMAGES}/:id`,
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
