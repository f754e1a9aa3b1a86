import { useEffect, useMemo, useState } from 'react';
import { createInvitationsApi } from '../../../core/api/invitations';
import { invitationCheckFailure } from '../../../core/flows/invitation';
import { enInvitations } from '../../i18n/invitations';
import { useAuthApp } from '../../shared/AppContext';
import { Alert } from '../../ui/Alert';
import { mutedStyle } from '../../ui/styles';

const t = enInvitations.inviteSignUp;

/**
 * Sign-up through an invite link (`?invitationToken=..`, spec 000 §2 §7): the tenant name from the
 * invite verification, or "We couldn't verify your invitation". Its own chunk: only invite links load it.
 */
export default function InviteSignUpBanner({ token }: { token: string }) {
  const app = useAuthApp();
  const api = useMemo(() => createInvitationsApi(app.services.api.http), [app]);
  const [state, setState] = useState<{ tenant: string } | { title: string; detail: string | null } | null>(
    null,
  );
  useEffect(() => {
    let live = true;
    api
      .verifyInviteLink(token)
      .then((name) => {
        if (live) setState({ tenant: typeof name === 'string' ? name : '' });
      })
      .catch((error: unknown) => {
        if (live) setState(invitationCheckFailure(error));
      });
    return () => {
      live = false;
    };
  }, [api, token]);
  if (!state)
    return (
      <p css={mutedStyle} role="status">
        {t.checking}
      </p>
    );
  if ('tenant' in state)
    return (
      <p role="status" part="invitation-tenant">
        {t.joining(state.tenant)}
      </p>
    );
  return (
    <div>
      <Alert>{state.title}</Alert>
      {state.detail && <p css={mutedStyle}>{state.detail}</p>}
    </div>
  );
}
