/**
 * Static files: the CDN layout (`<root>/cdn/` at /cdn/) and the demo host pages
 * (`<root>/demo-pages/` at /).
 *
 * - /cdn/ answers with `access-control-allow-origin: *`: host pages on other origins load the
 *   bundles as module scripts, which the browser fetches in CORS mode (without credentials).
 * - Files in a versioned folder (/cdn/6.138.0/...) never change once published, so they are
 *   cached for a year as immutable; /cdn/loader.js (and anything unversioned) is revalidated on
 *   every load, so a new release reaches pages as soon as the loader changes.
 * - Demo pages are sent with `%BASE_URL%` replaced by this request's origin, so the same page
 *   works on any host and port without a build step.
 * - The sign-in page (login.html) gets the login box's first frame from the build, drawn before any
 *   script (server/prerender.ts).
 */
import { readFile, stat } from 'node:fs/promises';
import { relative, resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { contractError } from '../core/contract/errors';
import { requestOrigin } from './http/origin';
import { readFrames, withFirstFrame } from './prerender';

const VERSIONED = /^\d+\.\d+\.\d+[^/]*\//;
const IMMUTABLE = 'public, max-age=31536000, immutable';
const BASE_URL = /%BASE_URL%/g;
/** The pages whose login box is sent with its first frame (server/prerender.ts). */
const PRERENDERED = new Set(['login.html']);

/** Registers the /cdn/ and demo-page routes for the repository at `root`. */
export async function registerStatic(app: FastifyInstance, root: string): Promise<void> {
  const cdnRoot = resolve(root, 'cdn');
  const pagesRoot = resolve(root, 'demo-pages');

  await app.register(fastifyStatic, {
    root: cdnRoot,
    prefix: '/cdn/',
    index: false,
    cacheControl: false,
    // The build writes .br and .gz beside every bundle: sent as they are, no compression per request.
    preCompressed: true,
    setHeaders(reply, filePath) {
      // Also called for demo-page files sent with sendFile: those keep their own headers.
      if (!filePath.startsWith(cdnRoot + sep)) return;
      const rel = relative(cdnRoot, filePath).split(sep).join('/');
      reply.setHeader('access-control-allow-origin', '*');
      reply.setHeader('cross-origin-resource-policy', 'cross-origin');
      reply.setHeader('cache-control', VERSIONED.test(rel) ? IMMUTABLE : 'no-cache');
    },
  });

  app.get('/*', async (request, reply) => {
    let rel = (request.params as { '*'?: string })['*'] ?? '';
    if (rel === '' || rel.endsWith('/')) rel += 'index.html';
    const absolute = resolve(pagesRoot, rel);
    // No escaping the folder, no dotfiles.
    if (!absolute.startsWith(pagesRoot + sep) || rel.split('/').some((part) => part.startsWith('.'))) {
      return reply.callNotFound();
    }
    if (!absolute.endsWith('.html')) {
      reply.header('cache-control', 'no-cache');
      return reply.sendFile(relative(pagesRoot, absolute), pagesRoot, { cacheControl: false });
    }
    const info = await stat(absolute).catch(() => null);
    if (!info?.isFile()) return reply.callNotFound();
    const origin = requestOrigin(request);
    if (!origin) throw contractError('INVALID_HOST_HEADER');
    let html = (await readFile(absolute, 'utf8')).replace(BASE_URL, origin);
    if (PRERENDERED.has(rel)) html = withFirstFrame(html, await readFrames(cdnRoot));
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  });
}
