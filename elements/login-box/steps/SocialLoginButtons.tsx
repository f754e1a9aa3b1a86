import { css } from '@emotion/react';
import { useEffect, useState } from 'react';
import type { SocialProviderConfig } from '../../../core/api/types';
import { loadSocialProviders, startSocialLogin } from '../../../core/social/socialLogin';
import { en } from '../../i18n/en';
import { useAuthApp } from '../../shared/AppContext';
import { Button } from '../../ui/Button';
import { mutedStyle } from '../../ui/styles';

const listStyle = css({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '8px' });
const dividerStyle = css(mutedStyle, { textAlign: 'center' });

/**
 * The social login buttons (spec 000 §2), one per provider of the configuration (v2 and custom).
 * Nothing is drawn while the list loads or when there is none. A lazy chunk of the sign-in screen.
 */
export function SocialLoginButtons() {
  const app = useAuthApp();
  const [providers, setProviders] = useState<SocialProviderConfig[]>([]);
  const [starting, setStarting] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void loadSocialProviders(app.services).then((list) => { if (live) setProviders(list); });
    return () => { live = false; };
  }, [app]);

  if (!providers.length) return null;
  return (
    <div part="social-logins">
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
                startSocialLogin(app.services, provider).catch((error: unknown) => {
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
