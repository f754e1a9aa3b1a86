/**
 * The shape of one language's catalogue of the emails and SMS sent to users, by the server and, in
 * its in-page outbox, by demo mode (docs/i18n.md "Server texts"). `{name}` is a placeholder filled
 * when the message is built (compose.ts); every language names the same placeholders as English
 * (server/delivery/texts/texts.test.ts).
 */
export interface EmailTexts {
  subject: string;
  text: string;
}

/** The placeholders of each email. */
export interface EmailParams {
  resetPassword: { link: string };
  choosePassword: { link: string; tenantName: string };
  activation: { link: string };
  /** `inviterName` null: no member sent it ("An administrator" in the recipient's language). */
  invitation: { link: string; tenantName: string; inviterName: string | null };
  loginCode: { code: string };
  magicLink: { link: string };
  joinedAccount: { tenantName: string; loginLink: string };
  resetPhoneNumber: { code: string };
  /** An MFA code by email (sign-in or a change of the user's MFA). */
  verificationCode: { code: string };
}
export type EmailKey = keyof EmailParams;

export interface DeliveryTexts {
  email: Record<EmailKey, EmailTexts>;
  sms: {
    verifyPhone: string;
    loginCode: string;
    /** An MFA code by SMS. */
    verificationCode: string;
  };
  /** The inviter's name in an invitation when no member sent it. */
  administrator: string;
}
export type SmsKey = keyof DeliveryTexts['sms'];
