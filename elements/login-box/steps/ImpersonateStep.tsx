import { useEffect, useMemo, useRef } from 'react';
import { readImpersonationRequest } from '../../../core/flows/sessionRoutes';
import { selectAuth } from '../../../core/store/auth/authSlice';
import { impersonateUser } from '../../../core/store/auth/sessionThunks';
import { en } from '../../i18n/en';
import { useAppDispatch, useAppSelector } from '../../shared/AppContext';
import { Alert } from '../../ui/Alert';
import { Card } from '../../ui/Card';
import { Spinner } from '../../ui/Spinner';

/**
 * The impersonationUrl route (spec 000 §2 "Impersonation: impersonating, success"): asks once, as
 * the signed-in administrator, for the user of `?userId=..&tenantId=..`. A link without a usable
 * userId, or nobody signed in, is refused before any request.
 */
export function ImpersonateStep() {
  const dispatch = useAppDispatch();
  const { isAuthenticated, recovery } = useAppSelector(selectAuth);
  const { step, error } = recovery.impersonate;
  const request = useMemo(() => readImpersonationRequest(globalThis.location?.search ?? ''), []);
  const started = useRef(false);
  const problem = !request
    ? en.session.impersonateNoUser
    : !isAuthenticated && step !== 'success'
      ? en.session.impersonateSignIn
      : error;

  useEffect(() => {
    if (started.current || !request || !isAuthenticated) return;
    started.current = true;
    void dispatch(impersonateUser(request));
  }, [dispatch, request, isAuthenticated]);

  return (
    <Card title={en.session.impersonateTitle} titleId="ae-impersonate-title">
      {problem ? (
        <Alert>{problem}</Alert>
      ) : step === 'success' ? (
        <p role="status" part="impersonation-success">
          {en.session.impersonated}
        </p>
      ) : (
        <Spinner label={en.session.impersonating} />
      )}
    </Card>
  );
}
