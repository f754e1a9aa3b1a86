// Typechecked twice: by the root tsconfig (React 18's types) and by this folder's tsconfig
// (React 19's). Valid attributes must compile on both; the @ts-expect-error lines prove the
// typings are really applied (without them the tags themselves would be errors).
import '../../elements/react/jsx';

export const valid = (
  <div>
    <auth-login-box base-url="https://auth.example.com" app-name="main" screen="sign-up" log-level="warn" />
    <auth-admin-portal base-url="https://auth.example.com" demo="" />
    <auth-checkout-dialog open plan-id="pro" request-credentials="include" />
  </div>
);

// @ts-expect-error: "nowhere" is not a screen of the login box
export const wrongScreen = <auth-login-box screen="nowhere" />;
// @ts-expect-error: log levels are a closed list
export const wrongLevel = <auth-admin-portal log-level="loud" />;

// Event props: the detail is typed by the event's name.
export const withEvents = (
  <auth-login-box
    onauth:login={(event) => event.detail.user.email.toLowerCase()}
    oncheckout:close={(event) => event.detail.status === 'success'}
  />
);
// @ts-expect-error: auth:login's detail has no `status`
export const wrongDetail = <auth-login-box onauth:login={(event) => event.detail.status} />;
