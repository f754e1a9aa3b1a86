/** The assets version: the CDN folder and the `x-auth-elements-sdk-version` header carry it. */
export const ASSETS_VERSION = '6.138.0';
