/** The transfer screen's strings, loaded with its chunk (registered by Screen.tsx). */
const en = {
  transfer: {
    generating: 'Generating your account number…',
    generateFailed: 'We could not generate an account for this payment.',
    retry: 'Try again',
    heading: 'Transfer {{amount}} to the account below',
    accountNumber: 'Account number',
    bank: 'Bank',
    beneficiary: 'Beneficiary',
    validity: 'Valid for {{minutes}} minutes',
    onceWarning: 'Transfer only once to this account. It accepts one transfer, for this payment only.',
    transferred: 'I have transferred',
    waitingTitle: 'Confirming your transfer',
    waitingMessage: 'Please keep this page open while we confirm your transfer with the bank.',
    notYet: 'We have not received your transfer yet.',
    extend: 'Wait 5 more minutes',
    extensionsLeft: { one: '{{count}} extension left', other: '{{count}} extensions left' },
    stillChecking: 'We are still checking. If your transfer arrives, this page will update by itself.',
    errorTitle: 'Transaction Error',
    errorMessage: 'We could not confirm your transfer. If your account was debited, the reversal can take up to 24 hours.',
  },
};

const fr: typeof en = {
  transfer: {
    generating: 'Génération de votre numéro de compte…',
    generateFailed: "Nous n'avons pas pu générer de compte pour ce paiement.",
    retry: 'Réessayer',
    heading: 'Effectuez un virement de {{amount}} sur le compte ci-dessous',
    accountNumber: 'Numéro de compte',
    bank: 'Banque',
    beneficiary: 'Bénéficiaire',
    validity: 'Valable {{minutes}} minutes',
    onceWarning: "N'effectuez qu'un seul virement sur ce compte. Il n'accepte qu'un virement, pour ce paiement uniquement.",
    transferred: "J'ai effectué le virement",
    waitingTitle: 'Confirmation de votre virement',
    waitingMessage: 'Veuillez garder cette page ouverte pendant que nous confirmons votre virement auprès de la banque.',
    notYet: "Nous n'avons pas encore reçu votre virement.",
    extend: 'Attendre 5 minutes de plus',
    extensionsLeft: { one: '{{count}} prolongation restante', other: '{{count}} prolongations restantes' },
    stillChecking: 'Nous vérifions encore. Si votre virement arrive, cette page se mettra à jour automatiquement.',
    errorTitle: 'Erreur de transaction',
    errorMessage: "Nous n'avons pas pu confirmer votre virement. Si votre compte a été débité, le remboursement peut prendre jusqu'à 24 heures.",
  },
};

export const screenMessages = { en, fr };
