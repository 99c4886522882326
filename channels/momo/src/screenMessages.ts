import type { ApprovalMessages } from './approval';

/** The MoMo screen's strings, loaded with its chunk (registered by Screen.tsx). */
const en: { momo: ApprovalMessages & { phoneInvalid: string } } = {
  momo: {
    title: 'Pay with MoMo',
    fieldLabel: 'MTN MoMo phone number',
    placeholder: '080 XXXX XXXX',
    phoneInvalid: 'Phone number must be 11 digits',
    howToPayLink: 'How to pay',
    next: 'Next',
    initiating: 'Sending the request to your phone…',
    initiateFailed: 'Failed to initiate payment',
    authorization: {
      title: 'Authorize the payment on your phone',
      message: 'We have sent a payment request to your MoMo wallet. Approve it on your phone with your MoMo PIN, then confirm here.',
      authorized: 'I have authorized this payment',
      checking: 'Checking your payment…',
      cancel: 'Cancel',
      failed: 'Something went wrong...Please go to the previous page and retry.',
      requeryFailed: 'Unable to requery payment. Please try again',
    },
    howToPay: {
      title: 'How to pay with MoMo',
      step1:
        'Register your MTN number on MoMo with the MoMo app or by USSD, create your PIN, and fund your wallet by bank transfer using your phone number as the account number.',
      step2: 'Enter your registered number here, approve the payment on your phone with your PIN, then confirm.',
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
  momo: {
    title: 'Payer avec MoMo',
    fieldLabel: 'Numéro de téléphone MTN MoMo',
    placeholder: '080 XXXX XXXX',
    phoneInvalid: 'Le numéro de téléphone doit comporter 11 chiffres',
    howToPayLink: 'Comment payer',
    next: 'Suivant',
    initiating: 'Envoi de la demande à votre téléphone…',
    initiateFailed: 'Impossible de lancer le paiement',
    authorization: {
      title: 'Autorisez le paiement sur votre téléphone',
      message:
        'Nous avons envoyé une demande de paiement à votre portefeuille MoMo. Approuvez-la sur votre téléphone avec votre code PIN MoMo, puis confirmez ici.',
      authorized: "J'ai autorisé ce paiement",
      checking: 'Vérification de votre paiement…',
      cancel: 'Annuler',
      failed: 'Un problème est survenu... Veuillez revenir à la page précédente et réessayer.',
      requeryFailed: 'Impossible de vérifier le paiement. Veuillez réessayer',
    },
    howToPay: {
      title: 'Comment payer avec MoMo',
      step1:
        "Enregistrez votre numéro MTN sur MoMo avec l'application MoMo ou par USSD, créez votre code PIN et alimentez votre portefeuille par virement bancaire en utilisant votre numéro de téléphone comme numéro de compte.",
      step2: 'Saisissez ici votre numéro enregistré, approuvez le paiement sur votre téléphone avec votre code PIN, puis confirmez.',
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
