import type { AuthResponse } from '../api/types';
import type { DemoDatabase, DemoUser } from './data';

/**
 * Demo mode's hosted-login calls (spec 000 §7 `/oauth/*`), answered from the demo session so
 * nothing leaves the page's origin: the silent authorize (the demo session stands in for the
 * server's session cookie), the refresh-token grant and the OAuth logout. There is no hosted
 * page in demo mode (the page's own login route stands in for it, core/session/hostedLogin.ts),
 * so no authorization code is ever issued and the code grant answers invalid_grant.
 */

type Json = Record<string, unknown>;
type Answer = { status: number; body: unknown; save?: boolean };
type Handler = (db: DemoDatabase, request: { body: Json; query: Record<string, string> }) => Answer;

export interface DemoHostedTools {
  tokenFor(user: DemoUser): AuthResponse;
  random(): string;
  now(): number;
}

const oauthFail = (status: number, error: string, description: string): Answer => ({ status, body: { error, error_description: description, errors: [description] } });
const encode = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const isText = (value: unknown, max: number): value is string => typeof value === 'string' && value.length > 0 && value.length <= max;

export function createDemoHostedLogin(tools: DemoHostedTools): Record<string, Handler> {
  const userOfSession = (db: DemoDatabase) => (db.session ? db.users.find((u) => u.id === db.session!.userId) ?? null : null);

  function tokens(user: DemoUser, clientId: string, nonce?: string, refreshToken?: string) {
    const auth = tools.tokenFor(user);
    const issuedAt = Math.floor(tools.now() / 1000);
    const idClaims = {
      iss: 'auth-elements-demo', sub: user.id, aud: clientId, email: user.email, name: user.name, iat: issuedAt,
      exp: issuedAt + (auth.expiresIn ?? 300), ...(nonce ? { nonce } : {}),
    };
    return {
      access_token: auth.accessToken, token_type: 'Bearer', expires_in: auth.expiresIn,
      id_token: `${encode({ alg: 'none', typ: 'JWT' })}.${encode(idClaims)}.demo`,
      ...(refreshToken ? { refresh_token: refreshToken } : {}),
    };
  }

  return {
    'POST /identity/resources/auth/v1/oauth/authorize/silent': (db, { body }) => {
      if (!isText(body.client_id, 100)) return oauthFail(400, 'invalid_client', 'Unknown client_id');
      const user = userOfSession(db);
      if (!user) return oauthFail(401, 'login_required', 'Session expired, please sign in again');
      db.session!.refreshToken = tools.random();
      return { status: 200, body: tokens(user, body.client_id, isText(body.nonce, 500) ? body.nonce : undefined), save: true };
    },
    'POST /identity/resources/auth/v1/oauth/token': (db, { body }) => {
      if (!isText(body.client_id, 100)) return oauthFail(401, 'invalid_client', 'Unknown client_id');
      if (body.grant_type === 'authorization_code') return oauthFail(400, 'invalid_grant', 'The authorization code is invalid or has already been used');
      if (body.grant_type !== 'refresh_token') return oauthFail(400, 'unsupported_grant_type', 'grant_type must be authorization_code or refresh_token');
      const user = userOfSession(db);
      if (!user || body.refresh_token !== db.session!.refreshToken) return oauthFail(400, 'invalid_grant', 'The refresh token is invalid');
      db.session!.refreshToken = tools.random();
      return { status: 200, body: tokens(user, body.client_id, undefined, db.session!.refreshToken), save: true };
    },
    'GET /identity/resources/auth/v1/oauth/logout': (db) => {
      db.session = null;
      return { status: 200, body: {}, save: true };
    },
  };
}
