import type { ApprovalMessages } from '@oja/momo/approval';

/** The Pocket screen's strings, loaded with its chunk (registered by Screen.tsx). */
const en: { pocket: ApprovalMessages & { idRequired: string } } = {
  pocket: {
    title: 'Pay with Pocket',
    fieldLabel: 'Pocket ID',
    placeholder: '@pocketId',
    idRequired: 'Please enter your Pocket ID',
    howToPayLink: 'How to pay',
    next: 'Next',
    initiating: 'Sending the request to your Pocket app…',
    initiateFailed: 'Failed to initiate payment',
    authorization: {
      title: 'Authorize the payment on your phone',
      message: 'We have sent a payment request to your Pocket app. Approve it on your phone with your Pocket PIN, then confirm here.',
      authorized: 'I have authorized this payment',
      checking: 'Checking your payment…',
      cancel: 'Cancel',
      failed: 'Something went wrong...Please go to the previous page and retry.',
      requeryFailed: 'Unable to requery payment. Please try again',
    },
    howToPay: {
      title: 'How to pay with Pocket',
      step1: 'Download the Pocket app, create an account and set your transaction PIN, then fund your wallet by bank transfer.',
      step2: 'Enter your Pocket ID here, approve the payment on your phone with your Pocket PIN, then confirm.',
      back: 'Back',
    },
    success: {
      title: 'Payment Successful!',
      redirect: 'You are being redirected to the merchant site, {{site}}.',
      doNotClose: 'Please do not close this page.',
    },
  },
};

const fr: typeof en = {
  pocket: {
    title: 'Payer avec Pocket',
    fieldLabel: 'Identifiant Pocket',
    placeholder: '@pocketId',
    idRequired: 'Veuillez saisir votre identifiant Pocket',
    howToPayLink: 'Comment payer',
    next: 'Suivant',
    initiating: 'Envoi de la demande à votre application Pocket…',
    initiateFailed: 'Impossible de lancer le paiement',
    authorization: {
      title: 'Autorisez le paiement sur votre téléphone',
      message:
        'Nous avons envoyé une demande de paiement à votre application Pocket. Approuvez-la sur votre téléphone avec votre code PIN Pocket, puis confirmez ici.',
      authorized: "J'ai autorisé ce paiement",
      checking: 'Vérification de votre paiement…',
      cancel: 'Annuler',
      failed: 'Un problème est survenu... Veuillez revenir à la page précédente et réessayer.',
      requeryFailed: 'Impossible de vérifier le paiement. Veuillez réessayer',
    },
    howToPay: {
      title: 'Comment payer avec Pocket',
      step1:
        "Téléchargez l'application Pocket, créez un compte et définissez votre code PIN de transaction, puis alimentez votre portefeuille par virement bancaire.",
      step2: 'Saisissez ici votre identifiant Pocket, approuvez le paiement sur votre téléphone avec votre code PIN Pocket, puis confirmez.',
      back: 'Retour',
    },
    success: {
      title: 'Paiement réussi !',
      redirect: 'Vous allez être redirigé vers le site du commerçant, {{site}}.',
      doNotClose: 'Veuillez ne pas fermer cette page.',
    },
  },
};

export const screenMessages = { en, fr };
