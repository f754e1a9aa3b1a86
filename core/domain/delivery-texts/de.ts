import type { DeliveryTexts } from './types';

export const de: DeliveryTexts = {
  email: {
    resetPassword: {
      subject: 'Setzen Sie Ihr Passwort zurück',
      text: 'Jemand hat angefordert, das Passwort Ihres Kontos zurückzusetzen.\n\nWählen Sie hier ein neues Passwort (der Link funktioniert einmal und eine Stunde lang):\n{link}\n\nWenn Sie das nicht waren, ignorieren Sie diese E-Mail: Ihr Passwort bleibt unverändert.',
    },
    choosePassword: {
      subject: 'Wählen Sie Ihr Passwort',
      text: 'Sie sind {tenantName} beigetreten.\n\nWählen Sie hier das Passwort, mit dem Sie sich anmelden werden (der Link funktioniert einmal und eine Stunde lang):\n{link}\n\nWenn er abgelaufen ist, verwenden Sie „Passwort vergessen?“ auf der Anmeldeseite.',
    },
    activation: {
      subject: 'Aktivieren Sie Ihr Konto',
      text: 'Willkommen! Aktivieren Sie Ihr Konto hier (der Link funktioniert einmal und sieben Tage lang):\n{link}\n\nWenn Sie sich nicht registriert haben, ignorieren Sie diese E-Mail.',
    },
    invitation: {
      subject: 'Sie wurden zu {tenantName} eingeladen',
      text: '{inviterName} hat Sie eingeladen, {tenantName} beizutreten.\n\nNehmen Sie die Einladung hier an (der Link funktioniert einmal und sieben Tage lang):\n{link}',
    },
    loginCode: {
      subject: 'Ihr Anmeldecode lautet {code}',
      text: 'Ihr Anmeldecode lautet {code}. Er funktioniert einmal und zehn Minuten lang.',
    },
    magicLink: {
      subject: 'Ihr Anmeldelink',
      text: 'Melden Sie sich mit diesem Link an (er funktioniert einmal und fünfzehn Minuten lang):\n{link}',
    },
    joinedAccount: {
      subject: 'Sie sind {tenantName} beigetreten',
      text: 'Sie sind {tenantName} über den Einladungslink beigetreten.\n\nMelden Sie sich hier an:\n{loginLink}\n\nWenn Sie das nicht waren, informieren Sie den Administrator des Kontos.',
    },
    resetPhoneNumber: {
      subject: 'Ihr Code zum Ändern Ihrer Telefonnummer lautet {code}',
      text: 'Jemand hat angefordert, die Telefonnummer zu ändern, mit der Sie sich bei Ihrem Konto anmelden.\n\nIhr Code lautet {code}. Er funktioniert einmal und zehn Minuten lang.\n\nWenn Sie das nicht waren, ignorieren Sie diese E-Mail: Ihre Telefonnummer bleibt unverändert.',
    },
    verificationCode: {
      subject: 'Ihr Bestätigungscode lautet {code}',
      text: 'Ihr Bestätigungscode lautet {code}. Er funktioniert einmal und fünf Minuten lang. Wenn Sie nicht versucht haben, sich anzumelden, ändern Sie Ihr Passwort.',
    },
  },
  sms: {
    verifyPhone:
      'Ihr Code zur Bestätigung dieser Telefonnummer lautet {code}. Er funktioniert einmal und zehn Minuten lang.',
    loginCode: 'Ihr Anmeldecode lautet {code}. Er funktioniert einmal und zehn Minuten lang.',
    verificationCode: 'Ihr Bestätigungscode lautet {code}. Er funktioniert einmal und fünf Minuten lang.',
  },
  administrator: 'Ein Administrator',
};
