import type { CallContext, PaymentProps } from '@oja/core';
import type { CardLoan, WalletCard } from '@oja/card/steps';

/** A card saved in the wallet: one shape with the card package, which pays with it. */
export type { WalletCard };

export interface WalletUser {
  firstName: string;
  lastName: string;
  mobileNo: string;
}

/** What a sign-in (by password or by the merchant's token) answers. */
export interface WalletAnswer {
  responseCode: string;
  responseDescription?: string;
  walletId: string;
  user: WalletUser;
  paymentMethods: WalletCard[];
}

function ids(props: PaymentProps) {
  return { merchantCode: props.merchantCode, payableCode: props.payableCode, paymentId: props.paymentId };
}

/** Signs in with the wallet's username (or phone) and password. A refusal is an HttpError with status 403. */
export function signIn({ http, props, signal }: CallContext, username: string, password: string) {
  return http.post<WalletAnswer>('/api/v1/wallets', { username, password }, { params: ids(props), signal });
}

/** Opens the wallet with the token the merchant's access-token sign-in issued. A refusal is an HttpError (401). */
export function walletByToken({ http, props, signal }: CallContext, token: string) {
  return http.get<WalletAnswer>('/api/v1/wallets/authenticationToken', { params: { token, ...ids(props) }, signal });
}

/**
 * A saved card paying through the card's steps: its identifiers go with the card-type lookup and every payment
 * call (spec core §7 "walletInfo").
 */
export function savedCardLoan(walletId: string, card: WalletCard): CardLoan {
  return {
    channel: 'wallet',
    lookupFields: { walletInstrumentIdentifier: card.walletInstrumentIdentifier, cardHash: card.cardHash },
    paymentFields: {
      instrumentIdentifier: card.walletInstrumentIdentifier,
      walletInfo: { walletId, walletCardName: card.name, walletIdentifier: card.cardIdentifier },
    },
  };
}
