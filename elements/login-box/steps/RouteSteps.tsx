import { ImpersonateStep } from './ImpersonateStep';
import { LogoutStep } from './LogoutStep';
import { RegisterQuickLoginStep } from './RegisterQuickLoginStep';

/**
 * The screens of the impersonation and logout routes and of the RegisterQuickLogin flow, in one
 * lazily loaded chunk: the sign-in page never needs them, and one import() costs less than three.
 */
export function RouteSteps({ screen }: { screen: 'impersonate' | 'logout' | 'registerQuickLogin' }) {
  if (screen === 'impersonate') return <ImpersonateStep />;
  if (screen === 'logout') return <LogoutStep />;
  return <RegisterQuickLoginStep />;
}
