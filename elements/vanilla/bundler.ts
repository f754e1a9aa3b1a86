/**
 * `auth-elements/vanilla` through a bundler (dist/vanilla/index.js): the vanilla API of index.ts
 * and the three elements, defined when this module is imported (`import 'auth-elements/vanilla'`
 * alone is enough; package.json lists dist/vanilla as having side effects). React is the host
 * app's (a peer dependency), never a second copy. The CDN's vanilla entry (index.ts) defines
 * nothing: there the loader fetches each element's bundle.
 */
import '../login-box/login-box.define';
import '../admin-portal/admin-portal.define';
import '../checkout/checkout-dialog.define';

export * from './index';
