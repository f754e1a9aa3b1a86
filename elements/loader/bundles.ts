/** Tag -> CDN bundle folder. The loader imports `./<version>/<folder>/index.js` relative to itself. */
export const BUNDLES = {
  'auth-login-box': 'login-box',
  'auth-admin-portal': 'admin-portal',
  'auth-checkout-dialog': 'checkout',
} as const;

export type AuthTag = keyof typeof BUNDLES;
export const TAGS = Object.keys(BUNDLES) as AuthTag[];
