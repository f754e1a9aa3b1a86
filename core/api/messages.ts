/**
 * The error catalogue (spec 000 §8 and spec 001 §8) as data: situation -> the exact message.
 * Tests quote these strings rather than importing them, so a changed message fails a test.
 */
export const MESSAGES = {
  requestTooLarge: 'Error request is too large',
  generic: "We're facing some difficulties, Please try again",
  storeNameMismatch: 'Mismatch in store names',
  invalidToken: 'Invalid token specified',
  redirectNotAllowed: 'The redirect url param is not valid, the origin is a different site',
  unknownError: 'Unknown error occurred',
  failedToAuthenticate: 'Failed to authenticate',
  invitationNotVerified: "We couldn't verify your invitation",
  noChangesToUpdate: 'No changes to update',
  metadataNotFound: 'metadata not found',
  ipMetadataNotFound: 'ip metadata not found',
  silentRefreshFailed: "couldn't refresh user token with oauth service",
  themeSetterTimeout: 'Failed to load Renderer with themeSetter',
  entitlementsDisabled: 'You must first enable entitlements via Auth Elements options to use this function',
  scriptLoadFailed: 'This part of the page could not be loaded. Check your connection and reload the page.',
} as const;

/** "Error {status} - {statusText}" (spec 000 §8). */
export const statusMessage = (status: number, statusText: string): string =>
  `Error ${status} - ${statusText}`;

/** "[name] ... not found" (spec 000 §8), with our product's name in place of the vendor's. */
export const appNotFoundMessage = (name: string): string => `[${name}] AuthElementsApp not found`;
