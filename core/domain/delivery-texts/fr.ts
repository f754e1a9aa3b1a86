import type { DeliveryTexts } from './types';

export const fr: DeliveryTexts = {
  email: {
    resetPassword: {
      subject: 'Réinitialisez votre mot de passe',
      text: 'Quelqu’un a demandé à réinitialiser le mot de passe de votre compte.\n\nChoisissez un nouveau mot de passe ici (le lien ne fonctionne qu’une fois, pendant une heure) :\n{link}\n\nSi ce n’était pas vous, ignorez cet e-mail : votre mot de passe reste inchangé.',
    },
    choosePassword: {
      subject: 'Choisissez votre mot de passe',
      text: 'Vous avez rejoint {tenantName}.\n\nChoisissez ici le mot de passe avec lequel vous vous connecterez (le lien ne fonctionne qu’une fois, pendant une heure) :\n{link}\n\nS’il a expiré, utilisez « Mot de passe oublié ? » sur la page de connexion.',
    },
    activation: {
      subject: 'Activez votre compte',
      text: 'Bienvenue ! Activez votre compte ici (le lien ne fonctionne qu’une fois, pendant sept jours) :\n{link}\n\nSi vous ne vous êtes pas inscrit, ignorez cet e-mail.',
    },
    invitation: {
      subject: 'Vous êtes invité à rejoindre {tenantName}',
      text: '{inviterName} vous invite à rejoindre {tenantName}.\n\nAcceptez l’invitation ici (le lien ne fonctionne qu’une fois, pendant sept jours) :\n{link}',
    },
    loginCode: {
      subject: 'Votre code de connexion est {code}',
      text: 'Votre code de connexion est {code}. Il ne fonctionne qu’une fois, pendant dix minutes.',
    },
    magicLink: {
      subject: 'Votre lien de connexion',
      text: 'Connectez-vous avec ce lien (il ne fonctionne qu’une fois, pendant quinze minutes) :\n{link}',
    },
    joinedAccount: {
      subject: 'Vous avez rejoint {tenantName}',
      text: 'Vous avez rejoint {tenantName} grâce à son lien d’invitation.\n\nConnectez-vous ici :\n{loginLink}\n\nSi ce n’était pas vous, prévenez l’administrateur du compte.',
    },
    resetPhoneNumber: {
      subject: 'Votre code pour changer de numéro de téléphone est {code}',
      text: 'Quelqu’un a demandé à changer le numéro de téléphone utilisé pour se connecter à votre compte.\n\nVotre code est {code}. Il ne fonctionne qu’une fois, pendant dix minutes.\n\nSi ce n’était pas vous, ignorez cet e-mail : votre numéro de téléphone reste inchangé.',
    },
    verificationCode: {
      subject: 'Votre code de vérification est {code}',
      text: 'Votre code de vérification est {code}. Il ne fonctionne qu’une fois, pendant cinq minutes. Si vous n’avez pas essayé de vous connecter, changez votre mot de passe.',
    },
  },
  sms: {
    verifyPhone:
      'Votre code pour confirmer ce numéro de téléphone est {code}. Il ne fonctionne qu’une fois, pendant dix minutes.',
    loginCode: 'Votre code de connexion est {code}. Il ne fonctionne qu’une fois, pendant dix minutes.',
    verificationCode:
      'Votre code de vérification est {code}. Il ne fonctionne qu’une fois, pendant cinq minutes.',
  },
  administrator: 'Un administrateur',
};
