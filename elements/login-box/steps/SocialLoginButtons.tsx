import { css } from '@emotion/react';
import { useState } from 'react';
import type { SocialProviderConfig } from '../../../core/api/types';
import { en } from '../../i18n/en';
import { useAuthApp } from '../../shared/AppContext';
import { Button } from '../../ui/Button';
import { mutedStyle } from '../../ui/styles';

const listStyle = css({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: '8px' });
const dividerStyle = css(mutedStyle, { textAlign: 'center' });

// State, PKCE and the redirect (core/social/socialLogin.ts) are a lazy chunk: fetched when a button
// is pointed at, focused or clicked, never just because the sign-in page shows buttons.
const loadSocialLogin = () => import('../../../core/social/socialLogin');
const warmUp = () => {
  loadSocialLogin().catch(() => {
    /* the click tries again and reports */
  });
};

/**
 * The social login buttons (spec 000 §2), one per provider of the configuration (v2 and custom),
 * drawn with the form from the providers the store holds (loaded in parallel with the session
 * check, so they normally arrive before the form shows). Nothing is drawn without providers.
 */
export function SocialLoginButtons({ providers }: { providers: readonly SocialProviderConfig[] }) {
  const app = useAuthApp();
  const [starting, setStarting] = useState<string | null>(null);

  if (!providers.length) return null;
  return (
    <div part="social-logins" onPointerOver={warmUp} onFocus={warmUp}>
      <p css={dividerStyle}>{en.social.or}</p>
      <ul css={listStyle} aria-label={en.social.listLabel}>
        {providers.map((provider) => (
          <li key={provider.provider}>
            <Button
              variant="secondary"
              partName={`social-login-button social-login-${provider.provider}`}
              css={{ width: '100%' }}
              loading={starting === provider.provider}
              loadingLabel={en.social.redirecting}
              disabled={starting !== null}
              onClick={() => {
                setStarting(provider.provider);
                loadSocialLogin()
                  .then((m) => m.startSocialLogin(app.services, provider))
                  .catch((error: unknown) => {
                    app.services.logger.error('Could not start the social sign-in', error);
                    setStarting(null);
                  });
              }}
            >
              {en.social.continueWith(provider.displayName || provider.provider)}
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}
