import type { MessageBundle } from '@oja/core';

/** Strings of the checkout's home page (a page plugin: its id is the namespace). Rendered by the server only. */
export const homeMessages: MessageBundle = {
  en: {
    home: {
      title: 'Oja Checkout',
      intro: "This is Oja Checkout, a hosted payment page. Merchants' sites send their payers here to pay.",
      live: "Payments start from your merchant's site: go back to it to pay.",
      sandbox: 'It runs with its embedded sandbox collections API: no real money moves.',
      store: 'Open the demo store',
      cardsHeading: 'Test cards',
      cardsNote: 'Any future expiry date, any 3-digit CVV (4 for American Express).',
      card: '{{brand}} {{number}}: {{steps}}. Result: {{result}}',
      steps: {
        pin: 'PIN {{pin}}',
        otp: 'OTP {{otp}}',
        challenge: '3-D Secure challenge page, code {{code}}',
        none: 'nothing to enter',
        // biome-ignore lint/suspicious/noThenProperty: a message key; the catalogue is never awaited.
        then: ', then ',
      },
      wrongCodes: 'A wrong PIN declines the payment (55); a wrong OTP answers Invalid OTP provided (T1) and the payer may try again.',
      asyncHeading: 'Asynchronous payments',
      asyncBody:
        'Transfer, QR, USSD, pay with app, wallets and mobile money stay pending until they are settled: with the simulate control on the pending screen, or with this request, or until their validity ends:',
    },
  },
  fr: {
    home: {
      title: 'Oja Checkout',
      intro: 'Voici Oja Checkout, une page de paiement hébergée. Les sites des marchands y envoient leurs clients pour payer.',
      live: 'Les paiements commencent sur le site de votre marchand : retournez-y pour payer.',
      sandbox: "Elle fonctionne avec son API d'encaissement de test intégrée : aucun argent réel ne circule.",
      store: 'Ouvrir la boutique de démonstration',
      cardsHeading: 'Cartes de test',
      cardsNote: "N'importe quelle date d'expiration future, n'importe quel CVV à 3 chiffres (4 pour American Express).",
      card: '{{brand}} {{number}} : {{steps}}. Résultat : {{result}}',
      steps: {
        pin: 'code PIN {{pin}}',
        otp: 'OTP {{otp}}',
        challenge: 'page de vérification 3-D Secure, code {{code}}',
        none: 'rien à saisir',
        // biome-ignore lint/suspicious/noThenProperty: a message key; the catalogue is never awaited.
        then: ', puis ',
      },
      wrongCodes: 'Un code PIN erroné refuse le paiement (55) ; un OTP erroné répond OTP invalide (T1) et le client peut réessayer.',
      asyncHeading: 'Paiements asynchrones',
      asyncBody:
        "Virement, QR, USSD, paiement par application, portefeuilles et mobile money restent en attente jusqu'à leur règlement : avec le contrôle de simulation de l'écran d'attente, avec cette requête, ou jusqu'à la fin de leur validité :",
    },
  },
};
