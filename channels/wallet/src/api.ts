import type { Http, PaymentProps } from '@oja/core';
import type { WalletCard } from '@oja/card/api';

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
export function signIn(http: Http, props: PaymentProps, username: string, password: string, signal?: AbortSignal) {
  return http.post<WalletAnswer>('/api/v1/wallets', { username, password }, { params: ids(props), signal });
}

/** Opens the wallet with the token the merchant's access-token sign-in issued. A refusal is an HttpError (401). */
export function walletByToken(http: Http, props: PaymentProps, token: string, signal?: AbortSignal) {
  return http.get<WalletAnswer>('/api/v1/wallets/authenticationToken', { params: { token, ...ids(props) }, signal });
}
