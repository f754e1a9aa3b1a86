import type { DeliveryTexts } from './types';

export const es: DeliveryTexts = {
  email: {
    resetPassword: {
      subject: 'Restablece tu contraseña',
      text: 'Alguien pidió restablecer la contraseña de tu cuenta.\n\nElige una nueva contraseña aquí (el enlace funciona una sola vez, durante una hora):\n{link}\n\nSi no fuiste tú, ignora este correo: tu contraseña seguirá siendo la misma.',
    },
    choosePassword: {
      subject: 'Elige tu contraseña',
      text: 'Te uniste a {tenantName}.\n\nElige aquí la contraseña con la que iniciarás sesión (el enlace funciona una sola vez, durante una hora):\n{link}\n\nSi ha caducado, usa «¿Olvidaste tu contraseña?» en la página de inicio de sesión.',
    },
    activation: {
      subject: 'Activa tu cuenta',
      text: '¡Te damos la bienvenida! Activa tu cuenta aquí (el enlace funciona una sola vez, durante siete días):\n{link}\n\nSi no te registraste, ignora este correo.',
    },
    invitation: {
      subject: 'Te invitaron a unirte a {tenantName}',
      text: '{inviterName} te invitó a unirte a {tenantName}.\n\nAcepta la invitación aquí (el enlace funciona una sola vez, durante siete días):\n{link}',
    },
    loginCode: {
      subject: 'Tu código de inicio de sesión es {code}',
      text: 'Tu código de inicio de sesión es {code}. Funciona una sola vez, durante diez minutos.',
    },
    magicLink: {
      subject: 'Tu enlace de inicio de sesión',
      text: 'Inicia sesión con este enlace (funciona una sola vez, durante quince minutos):\n{link}',
    },
    joinedAccount: {
      subject: 'Te uniste a {tenantName}',
      text: 'Te uniste a {tenantName} con su enlace de invitación.\n\nInicia sesión aquí:\n{loginLink}\n\nSi no fuiste tú, avisa al administrador de la cuenta.',
    },
    resetPhoneNumber: {
      subject: 'Tu código para cambiar tu número de teléfono es {code}',
      text: 'Alguien pidió cambiar el número de teléfono con el que se inicia sesión en tu cuenta.\n\nTu código es {code}. Funciona una sola vez, durante diez minutos.\n\nSi no fuiste tú, ignora este correo: tu número de teléfono seguirá siendo el mismo.',
    },
    verificationCode: {
      subject: 'Tu código de verificación es {code}',
      text: 'Tu código de verificación es {code}. Funciona una sola vez, durante cinco minutos. Si no intentaste iniciar sesión, cambia tu contraseña.',
    },
  },
  sms: {
    verifyPhone:
      'Tu código para confirmar este número de teléfono es {code}. Funciona una sola vez, durante diez minutos.',
    loginCode: 'Tu código de inicio de sesión es {code}. Funciona una sola vez, durante diez minutos.',
    verificationCode: 'Tu código de verificación es {code}. Funciona una sola vez, durante cinco minutos.',
  },
  administrator: 'Un administrador',
};
