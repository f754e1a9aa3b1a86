import { css } from '@emotion/react';
import { useEffect, useSyncExternalStore } from 'react';
import type { AuthApp } from '../../core/app';
import { selectVendor } from '../../core/vendor/vendorSlice';
import { afterPaint } from '../../core/session/hint';
import { loadVendorInfo } from '../../core/vendor/thunks';
import { en } from '../i18n/en';

const poweredByStyle = css({
  textAlign: 'center',
  fontSize: '0.8em',
  color: 'var(--ae-color-text-muted)',
  margin: '8px 0 0',
});

/**
 * Our branding under the login box, unless the vendor's public info says whiteLabelMode
 * (spec 000 §1, default false). Shown only once the answer is known, so a white-label page never
 * flashes it.
 */
export function PoweredBy({ app }: { app: AuthApp }) {
  const vendor = useSyncExternalStore(
    app.store.subscribe,
    () => selectVendor(app.store.getState()),
    () => selectVendor(app.store.getState()),
  );
  // After the first paint: the sign-in form's field does not share the network with it.
  useEffect(() => {
    void afterPaint().then(() => app.store.dispatch(loadVendorInfo()));
  }, [app]);
  if (!vendor.loaded || vendor.whiteLabelMode) return null;
  return (
    <p css={poweredByStyle} part="powered-by">
      {en.host.poweredBy}
    </p>
  );
}
