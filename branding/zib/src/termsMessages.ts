import type { MessageBundle } from '@oja/core';

/**
 * The terms of use page, in our own words, covering each point spec channels §2 lists; one key per section of
 * Terms.tsx. Loaded with the page (registered by Terms.tsx), never on the initial route.
 */
export const termsMessages: MessageBundle = {
  en: {
    zib: {
      back: 'Back to payment methods',
      terms: {
        title: 'Terms of use',
        intro: 'Please read these terms before you pay. By making a payment on this page, you accept them.',
        platform: {
          title: 'What the platform does',
          body: 'This page is run on the ZIB payment platform (“the platform”). The platform only carries your payment to the merchant. It does not sell, supply or deliver anything, and it is not a party to your purchase.',
        },
        merchants: {
          title: 'Merchants and their goods',
          body: 'Goods and services paid for here come from independent merchants. Each merchant alone answers for what it offers: its description, price, quality, delivery, refunds and after-sales care.',
        },
        warranties: {
          title: 'No warranties',
          body: 'The platform is provided as it is and when it is available. We give no promise, stated or implied, that it will work without interruption or error, that it suits a particular purpose, or about any merchant or what a merchant sells.',
        },
        liability: {
          title: 'Limits on our liability',
          body: 'As far as the law allows, the platform, its operators, partners and staff are not liable for indirect or consequential loss, lost profit or data, or loss caused by a merchant, a bank, a network failure or events outside our reasonable control.',
        },
        indemnity: {
          title: 'Your indemnity',
          body: 'You agree to cover the platform and its operators against any claim, loss or cost that results from your misuse of this service, your breach of these terms, or your breach of a law or of another person’s rights.',
        },
        disputes: {
          title: 'Disputes with a merchant',
          body: 'If something goes wrong with a purchase, contact the merchant first. When asked to help, the platform handles a dispute between you and a merchant as an independent third party: it may review the payment records and share them with both sides, but it acts for neither.',
        },
        changes: {
          title: 'Changes to these terms',
          body: 'We may revise these terms at any time. The version on this page when you pay is the one that applies to that payment.',
        },
        law: {
          title: 'Governing law',
          body: 'These terms are governed by the laws of the Federal Republic of Nigeria, and any dispute about them is for the courts of Nigeria to decide.',
        },
      },
    },
  },
  fr: {
    zib: {
      back: 'Retour aux moyens de paiement',
      terms: {
        title: "Conditions d'utilisation",
        intro: 'Veuillez lire ces conditions avant de payer. En effectuant un paiement sur cette page, vous les acceptez.',
        platform: {
          title: 'Le rôle de la plateforme',
          body: 'Cette page fonctionne sur la plateforme de paiement ZIB (« la plateforme »). La plateforme se borne à transmettre votre paiement au marchand. Elle ne vend, ne fournit ni ne livre rien, et n’est pas partie à votre achat.',
        },
        merchants: {
          title: 'Les marchands et leurs offres',
          body: 'Les biens et services payés ici proviennent de marchands indépendants. Chaque marchand répond seul de ce qu’il propose : description, prix, qualité, livraison, remboursements et service après-vente.',
        },
        warranties: {
          title: 'Absence de garantie',
          body: 'La plateforme est fournie telle quelle et selon sa disponibilité. Nous ne promettons pas, expressément ou implicitement, qu’elle fonctionnera sans interruption ni erreur, qu’elle convient à un usage particulier, ni quoi que ce soit au sujet d’un marchand ou de ce qu’il vend.',
        },
        liability: {
          title: 'Limites de notre responsabilité',
          body: 'Dans la mesure permise par la loi, la plateforme, ses exploitants, partenaires et employés ne sont pas responsables des pertes indirectes, des pertes de profits ou de données, ni des pertes causées par un marchand, une banque, une panne de réseau ou des événements hors de notre contrôle raisonnable.',
        },
        indemnity: {
          title: 'Votre garantie envers nous',
          body: 'Vous acceptez de garantir la plateforme et ses exploitants contre toute réclamation, perte ou dépense résultant d’un usage abusif de ce service, d’un manquement à ces conditions, ou d’une violation de la loi ou des droits d’autrui.',
        },
        disputes: {
          title: 'Litiges avec un marchand',
          body: 'En cas de problème avec un achat, contactez d’abord le marchand. Lorsqu’on lui demande son aide, la plateforme traite le litige entre vous et le marchand en tiers indépendant : elle peut examiner les données du paiement et les communiquer aux deux parties, mais n’agit pour aucune d’elles.',
        },
        changes: {
          title: 'Modification des conditions',
          body: 'Nous pouvons réviser ces conditions à tout moment. La version affichée sur cette page au moment de votre paiement est celle qui s’applique à ce paiement.',
        },
        law: {
          title: 'Droit applicable',
          body: 'Ces conditions sont régies par les lois de la République fédérale du Nigeria, et tout litige les concernant relève des tribunaux du Nigeria.',
        },
      },
    },
  },
};
