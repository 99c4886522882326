import type { MessageBundle } from '@oja/core';

/** The fixture page's strings (its id is the namespace). */
export const fixturePageMessages: MessageBundle = {
  en: {
    refpay: {
      title: 'Pay a bill',
      unknown: 'We do not know this reference. Please check it and try again.',
      paid: 'This bill is already paid: nothing more is due.',
      due: 'Reference {{ref}}: {{amount}} due.',
      email: 'E-mail address',
      invalidEmail: 'Invalid email address',
      pay: 'Pay {{amount}}',
      failed: 'We could not start the payment ({{code}}): {{description}}',
      done: {
        title: 'Payment completed',
        body: 'Your payment of {{amount}} for {{ref}} was successful.',
        show: 'Show the receipt details',
        details: 'A receipt goes to {{email}}.',
      },
    },
  },
  fr: {
    refpay: {
      title: 'Payer une facture',
      unknown: 'Nous ne connaissons pas cette référence. Vérifiez-la et réessayez.',
      paid: 'Cette facture est déjà payée : plus rien n’est dû.',
      due: 'Référence {{ref}} : {{amount}} à payer.',
      email: 'Adresse e-mail',
      invalidEmail: 'Adresse e-mail invalide',
      pay: 'Payer {{amount}}',
      failed: 'Le paiement n’a pas pu commencer ({{code}}) : {{description}}',
      done: {
        title: 'Paiement effectué',
        body: 'Votre paiement de {{amount}} pour {{ref}} a réussi.',
        show: 'Afficher le détail du reçu',
        details: 'Un reçu est envoyé à {{email}}.',
      },
    },
  },
};
