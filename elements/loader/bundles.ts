/** Tag -> CDN bundle folder. The loader imports `./<version>/<folder>/index.js` relative to itself. */
export const BUNDLES = {
  'auth-login-box': 'login-box',
  'auth-admin-portal': 'admin-portal',
  'auth-checkout-dialog': 'checkout',
} as const;

export type AuthTag = keyof typeof BUNDLES;
export const TAGS = Object.keys(BUNDLES) as AuthTag[];

/**
 * About the size of each element's first screen, kept free by the loading marker and by the
 * element's own loading state so that the page does not jump when it arrives (issue 14).
 */
export const RESERVED_SIZE: Record<AuthTag, { height: number; width: string }> = {
  'auth-login-box': { height: 360, width: '400px' },
  'auth-admin-portal': { height: 480, width: 'none' },
  'auth-checkout-dialog': { height: 0, width: 'none' },
};
export type ReservedSize = (typeof RESERVED_SIZE)[AuthTag];
