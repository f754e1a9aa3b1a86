import type { DeliveryTexts } from './types';

export const it: DeliveryTexts = {
  email: {
    resetPassword: {
      subject: 'Reimposta la password',
      text: 'Qualcuno ha chiesto di reimpostare la password del tuo account.\n\nScegli una nuova password qui (il link funziona una sola volta, per un’ora):\n{link}\n\nSe non sei stato tu, ignora questa email: la tua password resta invariata.',
    },
    choosePassword: {
      subject: 'Scegli la tua password',
      text: 'Sei entrato in {tenantName}.\n\nScegli qui la password con cui accederai (il link funziona una sola volta, per un’ora):\n{link}\n\nSe è scaduto, usa «Password dimenticata?» nella pagina di accesso.',
    },
    activation: {
      subject: 'Attiva il tuo account',
      text: 'Benvenuto! Attiva il tuo account qui (il link funziona una sola volta, per sette giorni):\n{link}\n\nSe non ti sei registrato, ignora questa email.',
    },
    invitation: {
      subject: 'Sei stato invitato a unirti a {tenantName}',
      text: '{inviterName} ti ha invitato a unirti a {tenantName}.\n\nAccetta l’invito qui (il link funziona una sola volta, per sette giorni):\n{link}',
    },
    loginCode: {
      subject: 'Il tuo codice di accesso è {code}',
      text: 'Il tuo codice di accesso è {code}. Funziona una sola volta, per dieci minuti.',
    },
    magicLink: {
      subject: 'Il tuo link di accesso',
      text: 'Accedi con questo link (funziona una sola volta, per quindici minuti):\n{link}',
    },
    joinedAccount: {
      subject: 'Sei entrato in {tenantName}',
      text: 'Sei entrato in {tenantName} con il suo link di invito.\n\nAccedi qui:\n{loginLink}\n\nSe non sei stato tu, avvisa l’amministratore dell’account.',
    },
    resetPhoneNumber: {
      subject: 'Il tuo codice per cambiare numero di telefono è {code}',
      text: 'Qualcuno ha chiesto di cambiare il numero di telefono usato per accedere al tuo account.\n\nIl tuo codice è {code}. Funziona una sola volta, per dieci minuti.\n\nSe non sei stato tu, ignora questa email: il tuo numero di telefono resta invariato.',
    },
    verificationCode: {
      subject: 'Il tuo codice di verifica è {code}',
      text: 'Il tuo codice di verifica è {code}. Funziona una sola volta, per cinque minuti. Se non hai provato ad accedere, cambia la password.',
    },
  },
  sms: {
    verifyPhone:
      'Il tuo codice per confermare questo numero di telefono è {code}. Funziona una sola volta, per dieci minuti.',
    loginCode: 'Il tuo codice di accesso è {code}. Funziona una sola volta, per dieci minuti.',
    verificationCode: 'Il tuo codice di verifica è {code}. Funziona una sola volta, per cinque minuti.',
  },
  administrator: 'Un amministratore',
};
