/** English: the source of truth (the texts the server has always sent, word for word). */
import type { DeliveryTexts } from './types';

export const en: DeliveryTexts = {
  email: {
    resetPassword: {
      subject: 'Reset your password',
      text: 'Someone asked to reset the password of your account.\n\nChoose a new password here (the link works once, for one hour):\n{link}\n\nIf it was not you, ignore this email: your password stays as it is.',
    },
    choosePassword: {
      subject: 'Choose your password',
      text: 'You joined {tenantName}.\n\nChoose the password you will sign in with here (the link works once, for one hour):\n{link}\n\nWhen it has expired, use "Forgot password" on the sign-in page.',
    },
    activation: {
      subject: 'Activate your account',
      text: 'Welcome! Activate your account here (the link works once, for seven days):\n{link}\n\nIf you did not sign up, ignore this email.',
    },
    invitation: {
      subject: 'You are invited to join {tenantName}',
      text: '{inviterName} invited you to join {tenantName}.\n\nAccept the invitation here (the link works once, for seven days):\n{link}',
    },
    loginCode: {
      subject: 'Your sign-in code is {code}',
      text: 'Your sign-in code is {code}. It works once, for ten minutes.',
    },
    magicLink: {
      subject: 'Your sign-in link',
      text: 'Sign in with this link (it works once, for fifteen minutes):\n{link}',
    },
    joinedAccount: {
      subject: 'You joined {tenantName}',
      text: "You joined {tenantName} with its invite link.\n\nSign in here:\n{loginLink}\n\nIf it was not you, tell the account's administrator.",
    },
    resetPhoneNumber: {
      subject: 'Your code to change your phone number is {code}',
      text: 'Someone asked to change the phone number used to sign in to your account.\n\nYour code is {code}. It works once, for ten minutes.\n\nIf it was not you, ignore this email: your phone number stays as it is.',
    },
    verificationCode: {
      subject: 'Your verification code is {code}',
      text: 'Your verification code is {code}. It works once, for five minutes. If you did not try to sign in, change your password.',
    },
  },
  sms: {
    verifyPhone: 'Your code to confirm this phone number is {code}. It works once, for ten minutes.',
    loginCode: 'Your sign-in code is {code}. It works once, for ten minutes.',
    verificationCode: 'Your verification code is {code}. It works once, for five minutes.',
  },
  administrator: 'An administrator',
};
