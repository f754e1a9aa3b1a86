import type { DeliveryTexts } from './types';

export const ptBR: DeliveryTexts = {
  email: {
    resetPassword: {
      subject: 'Redefina sua senha',
      text: 'Alguém pediu para redefinir a senha da sua conta.\n\nEscolha uma nova senha aqui (o link funciona uma única vez, por uma hora):\n{link}\n\nSe não foi você, ignore este e-mail: sua senha continua a mesma.',
    },
    choosePassword: {
      subject: 'Escolha sua senha',
      text: 'Você entrou em {tenantName}.\n\nEscolha aqui a senha com que você vai entrar (o link funciona uma única vez, por uma hora):\n{link}\n\nSe ele tiver expirado, use “Esqueceu a senha?” na página de login.',
    },
    activation: {
      subject: 'Ative sua conta',
      text: 'Boas-vindas! Ative sua conta aqui (o link funciona uma única vez, por sete dias):\n{link}\n\nSe você não se cadastrou, ignore este e-mail.',
    },
    invitation: {
      subject: 'Você foi convidado para entrar em {tenantName}',
      text: '{inviterName} convidou você para entrar em {tenantName}.\n\nAceite o convite aqui (o link funciona uma única vez, por sete dias):\n{link}',
    },
    loginCode: {
      subject: 'Seu código de login é {code}',
      text: 'Seu código de login é {code}. Ele funciona uma única vez, por dez minutos.',
    },
    magicLink: {
      subject: 'Seu link de login',
      text: 'Entre com este link (ele funciona uma única vez, por quinze minutos):\n{link}',
    },
    joinedAccount: {
      subject: 'Você entrou em {tenantName}',
      text: 'Você entrou em {tenantName} pelo link de convite.\n\nEntre aqui:\n{loginLink}\n\nSe não foi você, avise o administrador da conta.',
    },
    resetPhoneNumber: {
      subject: 'Seu código para alterar o número de telefone é {code}',
      text: 'Alguém pediu para alterar o número de telefone usado para entrar na sua conta.\n\nSeu código é {code}. Ele funciona uma única vez, por dez minutos.\n\nSe não foi você, ignore este e-mail: seu número de telefone continua o mesmo.',
    },
    verificationCode: {
      subject: 'Seu código de verificação é {code}',
      text: 'Seu código de verificação é {code}. Ele funciona uma única vez, por cinco minutos. Se você não tentou entrar, altere sua senha.',
    },
  },
  sms: {
    verifyPhone:
      'Seu código para confirmar este número de telefone é {code}. Ele funciona uma única vez, por dez minutos.',
    loginCode: 'Seu código de login é {code}. Ele funciona uma única vez, por dez minutos.',
    verificationCode: 'Seu código de verificação é {code}. Ele funciona uma única vez, por cinco minutos.',
  },
  administrator: 'Um administrador',
};
