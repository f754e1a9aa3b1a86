import type { DeliveryTexts } from './types';

export const zhCN: DeliveryTexts = {
  email: {
    resetPassword: {
      subject: '重置你的密码',
      text: '有人请求重置你账号的密码。\n\n请在此设置新密码（链接仅可使用一次，一小时内有效）：\n{link}\n\n如果这不是你本人的操作，请忽略此邮件，你的密码不会改变。',
    },
    choosePassword: {
      subject: '设置你的密码',
      text: '你已加入 {tenantName}。\n\n请在此设置用于登录的密码（链接仅可使用一次，一小时内有效）：\n{link}\n\n如果链接已过期，请在登录页面使用“忘记密码？”。',
    },
    activation: {
      subject: '激活你的账号',
      text: '欢迎！请在此激活你的账号（链接仅可使用一次，七天内有效）：\n{link}\n\n如果你没有注册过，请忽略此邮件。',
    },
    invitation: {
      subject: '你受邀加入 {tenantName}',
      text: '{inviterName} 邀请你加入 {tenantName}。\n\n请在此接受邀请（链接仅可使用一次，七天内有效）：\n{link}',
    },
    loginCode: {
      subject: '你的登录验证码是 {code}',
      text: '你的登录验证码是 {code}。仅可使用一次，十分钟内有效。',
    },
    magicLink: {
      subject: '你的登录链接',
      text: '请通过此链接登录（链接仅可使用一次，十五分钟内有效）：\n{link}',
    },
    joinedAccount: {
      subject: '你已加入 {tenantName}',
      text: '你已通过邀请链接加入 {tenantName}。\n\n在此登录：\n{loginLink}\n\n如果这不是你本人的操作，请告知该账号的管理员。',
    },
    resetPhoneNumber: {
      subject: '你更改手机号码的验证码是 {code}',
      text: '有人请求更改用于登录你账号的手机号码。\n\n你的验证码是 {code}。仅可使用一次，十分钟内有效。\n\n如果这不是你本人的操作，请忽略此邮件，你的手机号码不会改变。',
    },
    verificationCode: {
      subject: '你的验证码是 {code}',
      text: '你的验证码是 {code}。仅可使用一次，五分钟内有效。如果你没有尝试登录，请更改密码。',
    },
  },
  sms: {
    verifyPhone: '你用于确认此手机号码的验证码是 {code}。仅可使用一次，十分钟内有效。',
    loginCode: '你的登录验证码是 {code}。仅可使用一次，十分钟内有效。',
    verificationCode: '你的验证码是 {code}。仅可使用一次，五分钟内有效。',
  },
  administrator: '一位管理员',
};
