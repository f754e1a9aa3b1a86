import { selectLoginState, selectPublicPolicy } from '../../../core/store/auth/authSlice';
import { offersPasskeys } from '../../../core/store/auth/thunks';
import { en } from '../../i18n/en';
import { useAppDispatch, useAppSelector } from '../../shared/AppContext';
import { Button } from '../../ui/Button';

/**
 * "Sign in with a passkey", shown when the public policy has an active Passkeys secondary
 * strategy. The sign-in form loads the policy (the login box asks for it with the session check);
 * the ceremony and its library load only on click.
 */
export function PasskeySignInButton() {
  const dispatch = useAppDispatch();
  const policy = useAppSelector(selectPublicPolicy);
  const { loading } = useAppSelector(selectLoginState);
  if (!offersPasskeys(policy)) return null;
  return (
    <Button
      variant="secondary"
      partName="passkey-sign-in-button"
      disabled={loading}
      onClick={() =>
        void Promise.all([
          import('../../../core/store/auth/passkeyThunks'),
          import('../../i18n/en-mfa'),
        ]).then(([m, { enMfa }]) =>
          dispatch(
            m.signInWithPasskey({
              cancelled: enMfa.mfa.webauthnCancelled,
              unsupported: enMfa.mfa.webauthnUnsupported,
              wrongAddress: enMfa.mfa.webauthnWrongAddress,
            }),
          ),
        )
      }
    >
      {en.passkeys.signIn}
    </Button>
  );
}
