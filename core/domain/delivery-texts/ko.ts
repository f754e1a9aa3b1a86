import type { DeliveryTexts } from './types';

export const ko: DeliveryTexts = {
  email: {
    resetPassword: {
      subject: '비밀번호 재설정',
      text: '계정 비밀번호 재설정이 요청되었습니다.\n\n아래 링크에서 새 비밀번호를 설정하세요(링크는 한 번만, 1시간 동안 사용할 수 있습니다).\n{link}\n\n본인이 요청하지 않았다면 이 이메일을 무시하세요. 비밀번호는 그대로 유지됩니다.',
    },
    choosePassword: {
      subject: '비밀번호를 설정하세요',
      text: '{tenantName}에 참여했습니다.\n\n아래 링크에서 로그인할 때 사용할 비밀번호를 설정하세요(링크는 한 번만, 1시간 동안 사용할 수 있습니다).\n{link}\n\n링크가 만료되었다면 로그인 페이지에서 ‘비밀번호를 잊으셨나요?’를 이용하세요.',
    },
    activation: {
      subject: '계정을 활성화하세요',
      text: '환영합니다! 아래 링크에서 계정을 활성화하세요(링크는 한 번만, 7일 동안 사용할 수 있습니다).\n{link}\n\n가입한 적이 없다면 이 이메일을 무시하세요.',
    },
    invitation: {
      subject: '{tenantName}에 초대되었습니다',
      text: '{inviterName} 님이 {tenantName}에 초대했습니다.\n\n아래 링크에서 초대를 수락하세요(링크는 한 번만, 7일 동안 사용할 수 있습니다).\n{link}',
    },
    loginCode: {
      subject: '로그인 코드: {code}',
      text: '로그인 코드는 {code}입니다. 한 번만, 10분 동안 사용할 수 있습니다.',
    },
    magicLink: {
      subject: '로그인 링크',
      text: '아래 링크로 로그인하세요(링크는 한 번만, 15분 동안 사용할 수 있습니다).\n{link}',
    },
    joinedAccount: {
      subject: '{tenantName}에 참여했습니다',
      text: '초대 링크로 {tenantName}에 참여했습니다.\n\n여기에서 로그인하세요.\n{loginLink}\n\n본인이 아니라면 계정 관리자에게 알려 주세요.',
    },
    resetPhoneNumber: {
      subject: '전화번호 변경 코드: {code}',
      text: '계정 로그인에 사용하는 전화번호 변경이 요청되었습니다.\n\n코드는 {code}입니다. 한 번만, 10분 동안 사용할 수 있습니다.\n\n본인이 요청하지 않았다면 이 이메일을 무시하세요. 전화번호는 그대로 유지됩니다.',
    },
    verificationCode: {
      subject: '인증 코드: {code}',
      text: '인증 코드는 {code}입니다. 한 번만, 5분 동안 사용할 수 있습니다. 로그인을 시도하지 않았다면 비밀번호를 변경하세요.',
    },
  },
  sms: {
    verifyPhone: '이 전화번호를 확인하는 코드는 {code}입니다. 한 번만, 10분 동안 사용할 수 있습니다.',
    loginCode: '로그인 코드는 {code}입니다. 한 번만, 10분 동안 사용할 수 있습니다.',
    verificationCode: '인증 코드는 {code}입니다. 한 번만, 5분 동안 사용할 수 있습니다.',
  },
  administrator: '관리자',
};
