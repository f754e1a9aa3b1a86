/**
 * MFA's request schemas (server/routes/mfa.ts; the demo: core/demo/mfaFlows.ts), by `METHOD path`
 * as in core/contract/requests.ts: the second factor at sign-in (with the `mfaToken` of a completed
 * first factor), the account's MFA devices, and the passkey pre-login.
 *
 * The WebAuthn calls, whose bodies are first brought from the client SDK's spelling, are in
 * requests-webauthn.ts.
 */
import * as s from './schemas';

/** An `mfaToken`, `otcToken` or `webauthnToken` handed out by the server. */
export const mfaTokenField = { type: 'string', minLength: 1, maxLength: 200 } as const;
/** A code as typed: 6 digits, or a recovery code. */
export const mfaCode = { type: 'string', minLength: 1, maxLength: 64 } as const;
/** E.164: `+`, 7 to 15 digits. */
export const internationalPhone = {
  type: 'string',
  minLength: 8,
  maxLength: 20,
  pattern: '^\\+[1-9][0-9]{6,14}$',
} as const;
const rememberDevice = { type: ['boolean', 'null'] } as const;

export const withMfaToken = { body: s.strictObject({ mfaToken: mfaTokenField }, ['mfaToken']) };
export const totpAtLogin = {
  body: s.strictObject({ mfaToken: mfaTokenField, value: mfaCode, rememberDevice }, ['mfaToken', 'value']),
};
export const codeEnrolAtLogin = {
  body: s.strictObject({ mfaToken: mfaTokenField, otcToken: mfaTokenField, code: mfaCode }, [
    'mfaToken',
    'otcToken',
    'code',
  ]),
};
export const codeAtLogin = {
  body: s.strictObject({ mfaToken: mfaTokenField, otcToken: mfaTokenField, code: mfaCode, rememberDevice }, [
    'mfaToken',
    'otcToken',
    'code',
  ]),
};
export const accountCode = { body: s.strictObject({ token: mfaCode }, ['token']) };
export const accountSmsCode = {
  body: s.strictObject({ otcToken: mfaTokenField, code: mfaCode }, ['otcToken', 'code']),
};
