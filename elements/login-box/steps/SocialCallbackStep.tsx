import { useEffect, useRef, useState } from 'react';
import { MESSAGES } from '../../../core/api/messages';
import { selectLoginState } from '../../../core/store/auth/authSlice';
import { completeSocialLogin } from '../../../core/social/socialLogin';
import { en } from '../../i18n/en';
import { useAppDispatch, useAppSelector } from '../../shared/AppContext';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Spinner } from '../../ui/Spinner';

/**
 * The social callback route (spec 000 §2 socialLoginCallbackUrl): completes the sign-in with the
 * provider's answer, then the thunk navigates. A failure says so ("Failed to authenticate" unless
 * the server said more) with a way back to the sign-in form. A lazy chunk.
 */
export function SocialCallbackStep({ onSignIn }: { onSignIn: () => void }) {
  const dispatch = useAppDispatch();
  const { error } = useAppSelector(selectLoginState);
  const started = useRef(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void dispatch(completeSocialLogin()).then((ok) => {
      if (!ok) setFailed(true);
    });
  }, [dispatch]);

  return (
    <Card title={en.social.callbackTitle} titleId="ae-social-title">
      {failed ? (
        <>
          <Alert>{error ?? MESSAGES.failedToAuthenticate}</Alert>
          <Button autoFocus partName="sign-in-link" onClick={onSignIn}>
            {en.social.backToSignIn}
          </Button>
        </>
      ) : (
        <Spinner label={en.social.signingIn} />
      )}
    </Card>
  );
}
