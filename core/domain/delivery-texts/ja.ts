import type { DeliveryTexts } from './types';

export const ja: DeliveryTexts = {
  email: {
    resetPassword: {
      subject: 'パスワードの再設定',
      text: 'お使いのアカウントのパスワード再設定がリクエストされました。\n\n以下のリンクから新しいパスワードを設定してください（リンクは 1 回かぎり、1 時間有効です）。\n{link}\n\nお心当たりがない場合は、このメールを無視してください。パスワードは変更されません。',
    },
    choosePassword: {
      subject: 'パスワードを設定してください',
      text: '{tenantName} に参加しました。\n\n以下のリンクから、ログインに使うパスワードを設定してください（リンクは 1 回かぎり、1 時間有効です）。\n{link}\n\n期限が切れた場合は、ログインページの「パスワードをお忘れの場合」をご利用ください。',
    },
    activation: {
      subject: 'アカウントを有効にしてください',
      text: 'ようこそ！以下のリンクからアカウントを有効にしてください（リンクは 1 回かぎり、7 日間有効です）。\n{link}\n\n登録した覚えがない場合は、このメールを無視してください。',
    },
    invitation: {
      subject: '{tenantName} への招待が届いています',
      text: '{inviterName} さんから {tenantName} への招待が届いています。\n\n以下のリンクから招待を承諾してください（リンクは 1 回かぎり、7 日間有効です）。\n{link}',
    },
    loginCode: {
      subject: 'ログインコード: {code}',
      text: 'ログインコードは {code} です。1 回かぎり、10 分間有効です。',
    },
    magicLink: {
      subject: 'ログイン用リンク',
      text: '以下のリンクからログインしてください（リンクは 1 回かぎり、15 分間有効です）。\n{link}',
    },
    joinedAccount: {
      subject: '{tenantName} に参加しました',
      text: '招待リンクから {tenantName} に参加しました。\n\nこちらからログインできます。\n{loginLink}\n\nお心当たりがない場合は、アカウントの管理者にお知らせください。',
    },
    resetPhoneNumber: {
      subject: '電話番号変更用のコード: {code}',
      text: 'お使いのアカウントのログインに使う電話番号の変更がリクエストされました。\n\nコードは {code} です。1 回かぎり、10 分間有効です。\n\nお心当たりがない場合は、このメールを無視してください。電話番号は変更されません。',
    },
    verificationCode: {
      subject: '確認コード: {code}',
      text: '確認コードは {code} です。1 回かぎり、5 分間有効です。ログインしようとした覚えがない場合は、パスワードを変更してください。',
    },
  },
  sms: {
    verifyPhone: 'この電話番号の確認コードは {code} です。1 回かぎり、10 分間有効です。',
    loginCode: 'ログインコードは {code} です。1 回かぎり、10 分間有効です。',
    verificationCode: '確認コードは {code} です。1 回かぎり、5 分間有効です。',
  },
  administrator: '管理者',
};
