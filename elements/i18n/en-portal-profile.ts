/** The profile and privacy pages' texts (picture, phone for sign-in codes, password, login sessions): sections of ./en-portal.ts. */
export const portalPictureTexts = {
  title: 'Profile picture',
  alt: 'Your profile picture',
  none: 'No picture yet: your initials show instead.',
  change: 'Upload a picture',
  uploading: 'Uploading…',
  hint: 'PNG, JPEG, WebP or GIF, at most 1 MB.',
  saved: 'Your picture was saved.',
  // The server's words for the same refusals (core/contract/errors-admin.ts PROFILE_IMAGE_*).
  tooLarge: 'The picture must be at most 1 MB',
  wrongType: 'The picture must be a PNG, JPEG, WebP or GIF image',
};

export const portalVerifiedPhoneTexts = {
  title: 'Phone for sign-in codes',
  intro: 'Add a phone number that can receive text messages. We text it a code to confirm it.',
  current: (phone: string) => `Sign-in codes go to ${phone}.`,
  phone: 'Mobile number',
  phoneInvalid: 'Enter a phone number with its country code, like +44 20 7946 0958.',
  send: 'Text me a code',
  sending: 'Sending…',
  code: 'Code from the text message',
  codeRequired: 'Enter the 6-digit code.',
  verify: 'Confirm number',
  verifying: 'Confirming…',
  verified: 'Your phone number was confirmed.',
};

export const portalPasswordTexts = {
  title: 'Password',
  intro: 'Change the password you sign in with. Your other sessions will be signed out.',
  current: 'Current password',
  next: 'New password',
  confirm: 'Confirm new password',
  currentRequired: 'Enter your current password.',
  mismatch: 'The passwords do not match.',
  submit: 'Change password',
  saving: 'Changing…',
  changed: 'Your password was changed. Other sessions were signed out.',
};

export const portalSessionsTexts = {
  title: 'Login sessions',
  intro: 'Devices where you are signed in. Sign out of any you do not recognise.',
  thisDevice: 'This device',
  unknownDevice: 'Unknown device',
  browserOnSystem: (browser: string, system: string) => `${browser} on ${system}`,
  details: (ip: string | null, signedIn: string) => `${ip ? `${ip} · ` : ''}Signed in ${signedIn}`,
  signOut: 'Sign out',
  signOutOf: (device: string, signedIn: string) => `Sign out of ${device}, signed in ${signedIn}`,
  signingOut: 'Signing out…',
  signOutOthers: 'Sign out of all other sessions',
  confirmTitle: 'Sign out of other sessions?',
  confirmBody: (count: number) =>
    `${count === 1 ? 'One other session' : `${count} other sessions`} will be signed out. They will have to sign in again.`,
  confirm: 'Sign out of other sessions',
  cancel: 'Cancel',
  onlyThisOne: 'You are signed in on this device only.',
  loadFailed: 'Your sessions could not be loaded.',
};
