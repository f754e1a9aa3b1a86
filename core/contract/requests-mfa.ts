/**
 * MFA's request schemas (server/routes/mfa.ts; the demo: core/demo/mfaFlows.ts), by `METHOD path`
 * as in core/contract/requests.ts: the second factor at sign-in (with the `mfaToken` of a completed
 * first factor), the account's MFA devices, and the passkey pre-login.
 *
 * The WebAuthn calls, whose bodies are first brought from the client SDK's spelling, are in
 * requests-webauthn.ts.
 */
import type { RequestSchema } from './requests';
import * as s from './schemas';

/** An `mfaToken`, `otcToken` or `webauthnToken` handed out by the server. */
export const mfaTokenField = { type: 'string', minLength: 1, maxLength: 200 } as const;
/** A code as typed: 6 digits, or a recovery code. */
const mfaCode = { type: 'string', minLength: 1, maxLength: 64 } as const;
/** E.164: `+`, 7 to 15 digits. */
const internationalPhone = {
  type: 'string',
  minLength: 8,
  maxLength: 20,
  pattern: '^\\+[1-9][0-9]{6,14}$',
} as const;
const rememberDevice = { type: ['boolean', 'null'] } as const;

const LOGIN = '/identity/resources/auth/v1/user/mfa';
const ACCOUNT = '/identity/resources/users/v1/mfa';

const withMfaToken = { body: s.strictObject({ mfaToken: mfaTokenField }, ['mfaToken']) };
const totpAtLogin = {
  body: s.strictObject({ mfaToken: mfaTokenField, value: mfaCode, rememberDevice }, ['mfaToken', 'value']),
};
const codeEnrolAtLogin = {
  body: s.strictObject({ mfaToken: mfaTokenField, otcToken: mfaTokenField, code: mfaCode }, [
    'mfaToken',
    'otcToken',
    'code',
  ]),
};
const codeAtLogin = {
  body: s.strictObject({ mfaToken: mfaTokenField, otcToken: mfaTokenField, code: mfaCode, rememberDevice }, [
    'mfaToken',
    'otcToken',
    'code',
  ]),
};
const accountCode = { body: s.strictObject({ token: mfaCode }, ['token']) };
const accountSmsCode = {
  body: s.strictObject({ otcToken: mfaTokenField, code: mfaCode }, ['otcToken', 'code']),
};

export const MFA_REQUEST_SCHEMAS: Record<string, RequestSchema> = {
  // At sign-in.
  [`POST ${LOGIN}/verify`]: totpAtLogin,
  [`POST ${LOGIN}/authenticator/:deviceId/verify`]: totpAtLogin,
  [`POST ${LOGIN}/authenticator/enroll`]: withMfaToken,
  [`POST ${LOGIN}/authenticator/enroll/verify`]: {
    body: s.strictObject({ mfaToken: mfaTokenField, token: mfaCode }, ['mfaToken', 'token']),
  },
  // `mfaToken` is optional in the client's type; the route refuses a recovery without it (401).
  [`POST ${LOGIN}/recover`]: {
    body: s.strictObject({ mfaToken: mfaTokenField, recoveryCode: mfaCode, email: s.email }, [
      'recoveryCode',
    ]),
  },
  [`POST ${LOGIN}/sms/enroll`]: {
    body: s.strictObject({ mfaToken: mfaTokenField, phoneNumber: internationalPhone }, [
      'mfaToken',
      'phoneNumber',
    ]),
  },
  [`POST ${LOGIN}/sms/enroll/verify`]: codeEnrolAtLogin,
  [`POST ${LOGIN}/sms/:deviceId`]: withMfaToken,
  [`POST ${LOGIN}/sms/:deviceId/verify`]: codeAtLogin,
  [`POST ${LOGIN}/emailcode/enroll`]: withMfaToken,
  [`POST ${LOGIN}/emailcode/enroll/verify`]: codeEnrolAtLogin,
  [`POST ${LOGIN}/emailcode`]: withMfaToken,
  [`POST ${LOGIN}/emailcode/verify`]: codeAtLogin,
  [`POST ${LOGIN}/webauthn/:deviceId`]: withMfaToken,
  'GET /identity/resources/configurations/v1/mfa-policy/allow-remember-device': {
    querystring: { type: 'object', properties: { mfaToken: mfaTokenField }, required: ['mfaToken'] },
  },
  // Passkeys as a first factor: the browser offers its passkeys, the email is not needed.
  'POST /identity/resources/auth/v1/webauthn/prelogin': {
    body: s.strictObject({
      email: { type: ['string', 'null'], maxLength: 254 },
      recaptchaToken: s.optionalToken,
    }),
  },

  // The account's devices (signed in).
  [`POST ${ACCOUNT}/enroll/verify`]: accountCode,
  [`POST ${ACCOUNT}/authenticator/enroll/verify`]: accountCode,
  [`POST ${ACCOUNT}/disable`]: accountCode,
  // A new set of recovery codes (this server's path): an authenticator code or a current recovery code.
  [`POST ${ACCOUNT}/recovery-codes`]: accountCode,
  [`POST ${ACCOUNT}/authenticator/:deviceId/disable/verify`]: accountCode,
  [`POST ${ACCOUNT}/sms/enroll`]: {
    body: s.strictObject({ phoneNumber: internationalPhone }, ['phoneNumber']),
  },
  [`POST ${ACCOUNT}/sms/enroll/verify`]: accountSmsCode,
  [`POST ${ACCOUNT}/sms/:deviceId/disable/verify`]: accountSmsCode,
};
