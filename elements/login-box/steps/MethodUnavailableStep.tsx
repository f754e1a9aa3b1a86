import { loginReset } from '../../../core/store/auth/authSlice';
import { en } from '../../i18n/en';
import { useAppDispatch } from '../../shared/AppContext';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { mutedStyle } from '../../ui/styles';

/** A step the store can reach but this version has no screen for yet (passwordless, MFA: later issues). */
export function MethodUnavailableStep() {
  const dispatch = useAppDispatch();
  return (
    <Card title={en.login.title} titleId="ae-login-title">
      <p css={mutedStyle} role="status">
        {en.login.methodUnavailable}
      </p>
      <Button variant="secondary" onClick={() => dispatch(loginReset())}>
        {en.login.back}
      </Button>
    </Card>
  );
}
