/** The wallet screens' strings, loaded with the wallet chunk (registered by Screen.tsx). */
const en = {
  wallet: {
    signIn: {
      title: 'Login to wallet',
      subtitle: 'Sign in to pay with the cards saved in your wallet.',
      username: 'Email, phone number or username',
      password: 'Password or PIN',
      submit: 'Sign in',
      signingIn: 'Signing in…',
      usernameRequired: 'Username is required',
      passwordRequired: 'Password is required',
      invalid: 'Invalid login credentials. Please try again.',
      unavailable: 'Unable to validate wallet at this point. Please try again.',
    },
    list: {
      greeting: 'Signed in as {{name}}',
      signOut: 'Sign out',
      title: 'Select a card',
      cards: 'Saved cards',
      ending: '{{brand}} ending in {{last4}}',
      eCash: '{{brand}} e-cash',
      empty: 'There are no cards in your wallet yet.',
      newCard: 'Pay with a new card',
      loading: 'Loading your wallet…',
    },
    card: {
      title: 'Pay with {{card}}',
      noDetails: 'No more details are needed for this card.',
      selectCard: 'Select a card',
    },
  },
};

const fr: typeof en = {
  wallet: {
    signIn: {
      title: 'Se connecter au portefeuille',
      subtitle: 'Connectez-vous pour payer avec les cartes enregistrées dans votre portefeuille.',
      username: "E-mail, numéro de téléphone ou nom d'utilisateur",
      password: 'Mot de passe ou code PIN',
      submit: 'Se connecter',
      signingIn: 'Connexion…',
      usernameRequired: "Le nom d'utilisateur est obligatoire",
      passwordRequired: 'Le mot de passe est obligatoire',
      invalid: 'Identifiants de connexion invalides. Veuillez réessayer.',
      unavailable: 'Impossible de valider le portefeuille pour le moment. Veuillez réessayer.',
    },
    list: {
      greeting: 'Connecté en tant que {{name}}',
      signOut: 'Se déconnecter',
      title: 'Choisissez une carte',
      cards: 'Cartes enregistrées',
      ending: '{{brand}} se terminant par {{last4}}',
      eCash: '{{brand}} e-cash',
      empty: 'Votre portefeuille ne contient encore aucune carte.',
      newCard: 'Payer avec une nouvelle carte',
      loading: 'Chargement de votre portefeuille…',
    },
    card: {
      title: 'Payer avec {{card}}',
      noDetails: "Aucune autre information n'est nécessaire pour cette carte.",
      selectCard: 'Choisir une carte',
    },
  },
};

export const screenMessages = { en, fr };
