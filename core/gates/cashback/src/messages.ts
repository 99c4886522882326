/** The cashback gate's strings (companion §2 "Cashback screen", §5, §8), namespaced by its id. */
const en = {
  cashback: {
    title: 'Congratulations! You Qualify for Cashback',
    reward: '{{percentage}}% cashback on this payment',
    valueLabel: 'Phone number or loyalty cash ID',
    continue: 'Continue to payment',
    skip: 'Skip this instead',
    required: 'Please provide a value',
    invalid: 'Enter a phone number (digits only) or a loyalty cash ID (letters and digits, up to 32)',
    failed: 'Something went wrong. Please try again.',
  },
};

const fr: typeof en = {
  cashback: {
    title: 'Félicitations ! Vous avez droit à un remboursement',
    reward: '{{percentage}} % remboursés sur ce paiement',
    valueLabel: 'Numéro de téléphone ou identifiant de fidélité',
    continue: 'Continuer vers le paiement',
    skip: 'Passer cette étape',
    required: 'Veuillez saisir une valeur',
    invalid: 'Saisissez un numéro de téléphone (chiffres uniquement) ou un identifiant de fidélité (lettres et chiffres, 32 au plus)',
    failed: 'Une erreur est survenue. Veuillez réessayer.',
  },
};

export const messages = { en, fr };
