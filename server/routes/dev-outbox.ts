/**
 * GET /{prefix}/dev/outbox: every email and SMS the server wrote instead of sending, newest first.
 * The address printed at start, so a person opening it gets a page (links clickable, everything
 * escaped, no script); JSON on request (`Accept: application/json`), and with `?to=<address>` the
 * latest messages to that address as JSON, as the tests and clients have always read it.
 * Registered only with the `devOutbox` option (main.ts's development mode, tests, e2e): it hands
 * out every reset link and sign-in code.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FlowContext } from '../domain/account-flows';
import { latestOutboxMessages, type OutboxMessage } from '../delivery/outbox';
import { escapeHtml } from '../http/page';
import * as s from '../http/schemas';

/** How many messages the page (and its JSON) shows. */
const PAGE_LIMIT = 200;

export async function devOutboxRoutes(app: FastifyInstance, ctx: FlowContext): Promise<void> {
  app.get<{ Querystring: { to?: string } }>(
    '/dev/outbox',
    {
      schema: {
        querystring: s.strictObject({ to: { type: 'string', minLength: 1, maxLength: 254 } }),
      },
    },
    async (request, reply) => {
      const { to } = request.query;
      if (to !== undefined) return { messages: await latestOutboxMessages(ctx.db, to) };
      const messages = await latestOutboxMessages(ctx.db, null, PAGE_LIMIT);
      if (wantsJson(request)) return { messages };
      return reply
        .header('content-security-policy', OUTBOX_PAGE_CSP)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(outboxPage(messages));
    },
  );
}

/** JSON when the caller asks for it and not for a page (a browser's Accept names text/html). */
function wantsJson(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? '';
  return accept.includes('application/json') && !accept.includes('text/html');
}

const STYLE =
  'body{font:15px/1.5 system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;color:#1d2733}' +
  'article{border-top:1px solid #d0d7de;padding:.75rem 0}h2{font-size:1rem;margin:0}' +
  '.meta{color:#57606a;margin:0}pre{white-space:pre-wrap;overflow-wrap:anywhere;margin:.5rem 0 0;font:inherit}';
// The page runs no script and loads nothing: its one style block is allowed by hash.
const OUTBOX_PAGE_CSP = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;

/** http(s) addresses in a message; a full stop or bracket right after one is not part of it. */
const LINK = /https?:\/\/[^\s<>"']+/g;
const TRAILING = /[.,;:!?)\]]+$/;

/** The text, escaped, with its addresses as links (their `href` escaped too). */
function linked(text: string): string {
  let html = '';
  let from = 0;
  for (const match of text.matchAll(LINK)) {
    const url = match[0].replace(TRAILING, '');
    const at = match.index!;
    html += `${escapeHtml(text.slice(from, at))}<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
    from = at + url.length;
  }
  return html + escapeHtml(text.slice(from));
}

function outboxPage(messages: OutboxMessage[]): string {
  const items = messages
    .map(
      (
        m,
      ) => `<article><h2>${escapeHtml(m.subject ?? (m.channel === 'sms' ? 'Text message' : '(no subject)'))}</h2>
<p class="meta">${m.channel === 'sms' ? 'SMS' : 'Email'} to ${escapeHtml(m.to)} · <time datetime="${escapeHtml(m.createdAt)}">${escapeHtml(m.createdAt.replace('T', ' ').replace(/\.\d+Z$/, ' UTC'))}</time></p>
<pre>${linked(m.text)}</pre></article>`,
    )
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Development outbox</title><style>${STYLE}</style></head>
<body><main><h1>Development outbox</h1>
<p>Every email and SMS this server wrote instead of sending (development mode only), newest first; the latest ${PAGE_LIMIT}. Reload for new ones. As JSON: <code>?to=&lt;address&gt;</code>, or ask with <code>Accept: application/json</code>.</p>
${items || '<p>No messages yet.</p>'}
</main></body></html>`;
}
