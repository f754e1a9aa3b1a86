import type { DeliveryTexts } from './types';

export const nl: DeliveryTexts = {
  email: {
    resetPassword: {
      subject: 'Stel je wachtwoord opnieuw in',
      text: 'Iemand heeft gevraagd het wachtwoord van je account opnieuw in te stellen.\n\nKies hier een nieuw wachtwoord (de link werkt één keer, een uur lang):\n{link}\n\nWas jij dit niet? Negeer dan deze e-mail: je wachtwoord blijft ongewijzigd.',
    },
    choosePassword: {
      subject: 'Kies je wachtwoord',
      text: 'Je bent lid geworden van {tenantName}.\n\nKies hier het wachtwoord waarmee je gaat inloggen (de link werkt één keer, een uur lang):\n{link}\n\nIs de link verlopen? Gebruik dan ‘Wachtwoord vergeten?’ op de inlogpagina.',
    },
    activation: {
      subject: 'Activeer je account',
      text: 'Welkom! Activeer je account hier (de link werkt één keer, zeven dagen lang):\n{link}\n\nHeb je je niet geregistreerd? Negeer dan deze e-mail.',
    },
    invitation: {
      subject: 'Je bent uitgenodigd voor {tenantName}',
      text: '{inviterName} heeft je uitgenodigd voor {tenantName}.\n\nAccepteer de uitnodiging hier (de link werkt één keer, zeven dagen lang):\n{link}',
    },
    loginCode: {
      subject: 'Je inlogcode is {code}',
      text: 'Je inlogcode is {code}. Deze werkt één keer, tien minuten lang.',
    },
    magicLink: {
      subject: 'Je inloglink',
      text: 'Log in met deze link (hij werkt één keer, vijftien minuten lang):\n{link}',
    },
    joinedAccount: {
      subject: 'Je bent lid geworden van {tenantName}',
      text: 'Je bent lid geworden van {tenantName} via de uitnodigingslink.\n\nLog hier in:\n{loginLink}\n\nWas jij dit niet? Laat het de beheerder van het account weten.',
    },
    resetPhoneNumber: {
      subject: 'Je code om je telefoonnummer te wijzigen is {code}',
      text: 'Iemand heeft gevraagd het telefoonnummer te wijzigen waarmee je inlogt op je account.\n\nJe code is {code}. Deze werkt één keer, tien minuten lang.\n\nWas jij dit niet? Negeer dan deze e-mail: je telefoonnummer blijft ongewijzigd.',
    },
    verificationCode: {
      subject: 'Je verificatiecode is {code}',
      text: 'Je verificatiecode is {code}. Deze werkt één keer, vijf minuten lang. Heb je niet geprobeerd in te loggen? Wijzig dan je wachtwoord.',
    },
  },
  sms: {
    verifyPhone:
      'Je code om dit telefoonnummer te bevestigen is {code}. Deze werkt één keer, tien minuten lang.',
    loginCode: 'Je inlogcode is {code}. Deze werkt één keer, tien minuten lang.',
    verificationCode: 'Je verificatiecode is {code}. Deze werkt één keer, vijf minuten lang.',
  },
  administrator: 'Een beheerder',
};
