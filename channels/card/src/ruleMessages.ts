import type { Brand } from './rules';

/** The card rules' strings: validation messages (spec core §5, word for word in English) and brand names. */
const en = {
  card: {
    validation: {
      numberRequired: 'Provide card number',
      numberInvalid: 'Card number invalid',
      expiryRequired: 'Provide card expiry',
      expiryInvalid: 'Invalid expiry date',
      expired: 'Card is expired',
      cvvRequired: 'Provide card CVV',
      cvvLength: 'Cvv is 3 or 4 digits long',
      pinRequired: 'Provide card Pin',
      pinLength: 'Card pin is 4 digits long',
      otpRequired: 'Kindly enter otp sent to your phone number',
      otpRequiredGeneric: 'Provide card otp',
      otpIncomplete: 'OTP is incomplete',
    },
    brand: {
      Verve: 'Verve',
      MasterCard: 'Mastercard',
      Visa: 'Visa',
      AmericanExpress: 'American Express',
      Afrigo: 'Afrigo',
      Discover: 'Discover',
    } satisfies Record<Brand, string>,
  },
};

const fr: typeof en = {
  card: {
    validation: {
      numberRequired: 'Indiquez le numéro de carte',
      numberInvalid: 'Numéro de carte invalide',
      expiryRequired: "Indiquez la date d'expiration de la carte",
      expiryInvalid: "Date d'expiration invalide",
      expired: 'La carte a expiré',
      cvvRequired: 'Indiquez le CVV de la carte',
      cvvLength: 'Le CVV comporte 3 ou 4 chiffres',
      pinRequired: 'Indiquez le code PIN de la carte',
      pinLength: 'Le code PIN comporte 4 chiffres',
      otpRequired: "Veuillez saisir l'OTP envoyé à votre numéro de téléphone",
      otpRequiredGeneric: "Indiquez l'OTP de la carte",
      otpIncomplete: "L'OTP est incomplet",
    },
    brand: {
      Verve: 'Verve',
      MasterCard: 'Mastercard',
      Visa: 'Visa',
      AmericanExpress: 'American Express',
      Afrigo: 'Afrigo',
      Discover: 'Discover',
    },
  },
};

export const ruleMessages = { en, fr };
