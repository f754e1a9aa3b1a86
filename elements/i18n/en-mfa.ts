/**
 * Texts of the MFA and passkey screens, in English. They load with those screens (a lazy chunk), not
 * with the sign-in form; `registerLazyTexts` makes them part of the page's dictionary, so a host's
 * localizations (sections `mfa` and `passkeyPrompt`) apply to them like to any other text.
 */
import { registerLazyTexts } from './localize';

export const enMfa = {
  mfa: {
    verifyTitle: 'Two-step verification',
    setupTitle: 'Set up two-step verification',
    chooseDevice: 'Choose how to confirm it is you.',
    chooseStrategy: 'Your account needs a second step at sign-in. Choose how you want to confirm it is you.',
    authenticatorDevice: 'Authenticator app',
    smsDevice: (phone: string) => `Text message to ${phone}`,
    emailDevice: (email: string) => `Email code to ${email}`,
    webauthnDevice: (type: string | null) =>
      type?.toLowerCase() === 'platform' ? 'Passkey on this device' : 'Security key or phone',
    strategies: {
      AuthenticatorApp: 'Authenticator app',
      SMS: 'Text message (SMS)',
      EmailCode: 'Email code',
      WebAuthnPlatform: 'This device (fingerprint, face or screen lock)',
      WebAuthnCrossPlatform: 'Security key or phone',
    } as Record<string, string>,
    authenticatorTitle: 'Authenticator app',
    authenticatorIntro: 'Enter the 6-digit code from your authenticator app.',
    scanIntro:
      'Scan this QR code with an authenticator app (such as Google Authenticator, Microsoft Authenticator or 1Password), then enter the 6-digit code it shows.',
    qrAlt: 'QR code for your authenticator app',
    secretLabel: 'Or enter this key by hand:',
    codeLabel: 'Verification code',
    codeInvalid: 'Enter the 6-digit code.',
    verify: 'Verify',
    verifying: 'Verifying…',
    remember: (days: number) => `Remember this device for ${days} ${days === 1 ? 'day' : 'days'}`,
    phoneTitle: 'Text message (SMS)',
    phoneIntro: 'Enter the mobile number that should receive your codes.',
    phoneLabel: 'Mobile number',
    phoneHint: 'In international format, like +14155550123.',
    phoneInvalid: 'Enter a phone number in international format, like +14155550123.',
    sendCode: 'Send code',
    sending: 'Sending…',
    smsSent: (phone: string) => `We sent a 6-digit code to ${phone}.`,
    emailTitle: 'Email code',
    emailSent: (email: string) => `We sent a 6-digit code to ${email}.`,
    emailSentGeneric: 'We sent a 6-digit code to your email address.',
    resend: 'Send a new code',
    webauthnTitle: 'Security key or passkey',
    webauthnCancelled: 'The browser prompt was closed before it finished. Try again when you are ready.',
    webauthnUnsupported:
      'This browser or device cannot use a passkey or security key here. Choose another method.',
    webauthnWrongAddress:
      'Passkeys and security keys are not set up for this web address. Choose another method, or tell the site’s administrator.',
    webauthnIntro: 'Follow your browser’s prompt to use your security key or this device’s screen lock.',
    webauthnStart: 'Continue with the browser prompt',
    recoverTitle: 'Use a recovery code',
    recoverIntro: 'Enter the recovery code you saved when you set up two-step verification.',
    recoverLabel: 'Recovery code',
    recoverInvalid: 'Enter the recovery code, like ABCD-EFGH-JKLM-NPQR.',
    useRecoveryCode: 'Use a recovery code',
    otherMethod: 'Choose another method',
    recoveryCodeTitle: 'Save your recovery codes',
    recoveryCodeIntro:
      'If you lose your phone or key, one of these codes lets you sign in. Each code works once. They are shown only once: copy or download them and keep them somewhere safe.',
    recoveryCodesLabel: 'Your recovery codes',
    download: 'Download (.txt)',
    downloadName: 'recovery-codes.txt',
    downloadHeader: (site: string) =>
      `Recovery codes${site ? ` for ${site}` : ''}. Each code works once; a new set ends these.`,
    copy: 'Copy codes',
    copied: 'Copied',
    copyFailed: 'Could not copy: select the code and copy it by hand.',
    continue: 'Continue',
    backToSignIn: 'Back to sign in',
    expired: 'Your sign-in attempt has expired. Sign in again.',
  },
  portalMfa: {
    title: 'Two-step verification',
    intro: 'A second step at sign-in keeps your account safe even if your password leaks.',
    none: 'Two-step verification is off: nothing but your password protects this account.',
    loadFailed: 'Could not load your verification methods.',
    authenticator: 'Authenticator app',
    phone: (phone: string) => `Text message to ${phone}`,
    email: (email: string) => `Email code to ${email}`,
    webauthn: (type: string | null) =>
      type?.toLowerCase() === 'platform'
        ? 'Built-in fingerprint, face or screen lock'
        : 'Security key or phone',
    added: (date: string) => `Added ${date}`,
    remove: 'Remove',
    removeLabel: (name: string) => `Remove ${name}`,
    addAuthenticator: 'Add an authenticator app',
    addPhone: 'Add a phone for text messages',
    addPlatform: 'Add fingerprint, face or screen lock',
    addCrossPlatform: 'Add a security key or phone',
    removeTitle: 'Remove this verification method?',
    removeBody: (name: string) => `${name} will no longer be asked for at sign-in.`,
    proofIntro: 'To turn off the authenticator app, enter a code from it or your recovery code.',
    removePhoneIntro: 'To confirm, we send a code to this phone: enter it on the next step.',
    removeWebauthnIntro: 'To confirm, your browser asks for this security key or device.',
    proofLabel: 'Code or recovery code',
    proofInvalid: 'Enter the 6-digit code or your recovery code.',
    cancel: 'Cancel',
    removing: 'Removing…',
    enrolTitle: 'Add an authenticator app',
    phoneTitle: 'Add a phone',
    done: 'Done',
    added2: 'The verification method was added.',
    regenerate: 'New recovery codes',
    regenerateTitle: 'Make new recovery codes?',
    regenerateBody:
      'Your current recovery codes stop working. To confirm, enter a code from your authenticator app or one of your recovery codes.',
    regenerateConfirm: 'Make new codes',
    regenerating: 'Making codes…',
  },
  portalPasskeys: {
    title: 'Passkeys',
    intro:
      'Sign in with your fingerprint, face, screen lock or a security key instead of a password. Each passkey stays on its device.',
    none: 'You have no passkeys yet.',
    loadFailed: 'Could not load your passkeys.',
    platform: 'Passkey on a device',
    crossPlatform: 'Passkey on a security key or phone',
    details: (added: string, used: string | null) =>
      used ? `Added ${added} · Last used ${used}` : `Added ${added}`,
    addPlatform: 'Create a passkey on this device',
    addCrossPlatform: 'Use a security key or phone',
    creating: 'Waiting for your device…',
    added: 'Your passkey was added.',
    remove: 'Remove',
    removeLabel: (name: string, added: string) => `Remove ${name} added ${added}`,
    removeTitle: 'Remove this passkey?',
    removeBody:
      'You will no longer be able to sign in with it. The key itself stays on the device until you delete it there.',
    removing: 'Removing…',
  },
  passkeyPrompt: {
    promptTitle: 'Sign in faster with a passkey',
    promptBody:
      'A passkey lets you sign in with your fingerprint, face or screen lock instead of a password. It stays on your device and cannot be phished.',
    createPlatform: 'Create a passkey on this device',
    createCrossPlatform: 'Use a phone or security key',
    creating: 'Waiting for your device…',
    notNow: 'Not now',
    dontShowAgain: "Don't show this again",
    created: 'Your passkey is ready. Next time, choose “Sign in with a passkey”.',
    continue: 'Continue',
  },
};

registerLazyTexts(enMfa);
