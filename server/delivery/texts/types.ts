/**
 * The shape of one language's catalogue of the server's emails and SMS (docs/i18n.md "Server
 * texts"). `{name}` is a placeholder filled when the message is built; every language names the
 * same placeholders as English (texts.test.ts).
 */
export interface EmailTexts {
  subject: string;
  text: string;
}

export interface ServerTexts {
  email: {
    resetPassword: EmailTexts;
    choosePassword: EmailTexts;
    activation: EmailTexts;
    invitation: EmailTexts;
    loginCode: EmailTexts;
    magicLink: EmailTexts;
    joinedAccount: EmailTexts;
    resetPhoneNumber: EmailTexts;
    verificationCode: EmailTexts;
  };
  sms: {
    verifyPhone: string;
    loginCode: string;
    verificationCode: string;
  };
  /** The inviter's name in an invitation when no member sent it. */
  administrator: string;
}
