import { en } from '../../i18n/en';
import { Card } from '../../ui/Card';
import { Spinner } from '../../ui/Spinner';

/** redirectToSSO: the navigation itself is scheduled by the preLogin thunk (2000 ms, spec 000 §9). */
export function RedirectToSsoStep() {
  return (
    <Card title={en.login.title} titleId="ae-login-title">
      <Spinner label={en.login.redirectingToSso} />
    </Card>
  );
}
