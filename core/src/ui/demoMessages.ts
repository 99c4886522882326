import type { MessageBundle } from '../i18n';

/** The sandbox demo panel. */
export const demoMessages: MessageBundle = {
  en: {
    core: {
      demo: {
        open: 'Demo settings',
        title: 'Demo payment settings',
        close: 'Close demo settings',
        merchantCode: 'Merchant code',
        payableCode: 'Payable code',
        amount: 'Amount (minor units)',
        amountNow: 'This payment: {{amount}}',
        currency: 'Currency code',
        txnRef: 'Transaction reference',
        customerName: 'Customer name',
        sessionId: 'Session id',
        displayMode: 'Display type',
        apply: 'Change payment params',
        bulk: 'Start a sample bulk payment',
      },
    },
  },
  fr: {
    core: {
      demo: {
        open: 'Réglages de démonstration',
        title: 'Paramètres du paiement de démonstration',
        close: 'Fermer les réglages de démonstration',
        merchantCode: 'Code marchand',
        payableCode: 'Code payable',
        amount: 'Montant (unités mineures)',
        amountNow: 'Ce paiement : {{amount}}',
        currency: 'Code devise',
        txnRef: 'Référence de transaction',
        customerName: 'Nom du client',
        sessionId: 'Identifiant de session',
        displayMode: "Type d'affichage",
        apply: 'Modifier les paramètres du paiement',
        bulk: 'Lancer un paiement groupé de démonstration',
      },
    },
  },
};
