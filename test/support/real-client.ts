/**
 * The client SDK the contract follows (@frontegg/rest-api 3.1.18, MIT) as a test peer: it runs on
 * Node's global fetch against a listening server (docs: /work/shared/TOOLCHAIN.md "The real client
 * as a test peer"). Tests sign in through the server, hand the access token to the client, and
 * call its functions exactly as a host application would.
 */
import { ContextHolder, api, FronteggApiError } from '@frontegg/rest-api';

export { api, FronteggApiError };

/** Points the client at `baseUrl` (the server's address; the client adds the `frontegg` prefix). */
export function useRealClient(baseUrl: string, accessToken: string | null): void {
  ContextHolder.setContext({
    baseUrl,
    urlPrefix: 'frontegg',
    requestCredentials: 'include',
    logLevel: 'error',
  } as never);
  ContextHolder.setAccessToken(accessToken);
}

/** The status of the client's error when `call` fails (the test fails when it succeeds). */
export async function statusOfFailure(call: Promise<unknown>): Promise<number> {
  try {
    await call;
  } catch (error) {
    if (error instanceof FronteggApiError) return error.statusCode;
    throw error;
  }
  throw new Error('expected the call to fail');
}
