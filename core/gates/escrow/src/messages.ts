/** The escrow gate's strings (companion §2 "Escrow screen"), namespaced by its id. */
const en = {
  escrow: {
    title: 'Escrow payment',
    intro: 'This payment is held in escrow until delivery. Please review the terms below.',
    payee: 'Paid to',
    amount: 'Amount',
    refundPeriod: 'Delivery (refund) period',
    cancellationPeriod: 'Cancellation period',
    days: '{{count}} days',
    day: '{{count}} day',
    fee: 'Escrow fee',
    email: 'E-mail address',
    phone: 'Phone number',
    agree: 'I understand that the escrow fee is non-refundable and I agree to the escrow terms of use and conditions.',
    continue: 'Continue to payment',
  },
};

const fr: typeof en = {
  escrow: {
    title: 'Paiement sous séquestre',
    intro: "Ce paiement est conservé sous séquestre jusqu'à la livraison. Veuillez lire les conditions ci-dessous.",
    payee: 'Payé à',
    amount: 'Montant',
    refundPeriod: 'Délai de livraison (remboursement)',
    cancellationPeriod: "Délai d'annulation",
    days: '{{count}} jours',
    day: '{{count}} jour',
    fee: 'Frais de séquestre',
    email: 'Adresse e-mail',
    phone: 'Numéro de téléphone',
    agree: "Je comprends que les frais de séquestre ne sont pas remboursables et j'accepte les conditions d'utilisation du séquestre.",
    continue: 'Continuer vers le paiement',
  },
};

export const messages = { en, fr };
