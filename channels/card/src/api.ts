import type { CallContext, PaymentProps, StatusAnswer, StatusContext } from '@oja/core';

/** What a card type allows (spec core §3 "Wallet card", "Bin configuration response"). */
export interface GatewayConfiguration {
  supportsPin?: boolean;
  supportsCardinalAuthentication?: boolean;
  supportThreeDsAuthentication?: boolean;
  supportsExpiryDate?: boolean;
  supportsCvv2?: boolean;
}

export interface CardinalAuthenticationInformation {
  referenceId: string;
  deviceDataCollectionUrl: string;
  accessToken: string;
}

/** POST /api/v1/merchantbins. */
export interface BinConfiguration {
  responseCode: string;
  responseDescription?: string;
  cardTypeGatewayConfiguration?: GatewayConfiguration;
  cardinalAuthenticationInformation?: CardinalAuthenticationInformation;
  cardType?: { typeName?: string };
}

export interface CardinalInfo {
  /** The issuer's page, shown in the issuer frame. */
  url: string;
  callBackUrl?: string;
  payLoad?: string;
  accessToken?: string;
  customisedHtml?: string;
  eciFlag?: string;
  transactionId?: string;
}

/** POST /api/v1/pay, authenticateToken, authenticateCardinal and the bulk payment answer this. */
export interface PayResponse {
  responseCode: string;
  responseDescription?: string;
  requiresCentinelAuthorization?: boolean;
  cardinalInfo?: CardinalInfo;
  smsSent?: boolean;
  emailSent?: boolean;
  mobilePhoneNumber?: string;
  [field: string]: unknown;
}

/** A card saved in a wallet (spec core §3 "Wallet card"). */
export interface WalletCard {
  name: string;
  /** First six and last four digits; empty for an e-cash card. */
  maskedPan: string;
  /** VVC, VMP, QTM: Verve (QTM e-cash); MCN: MasterCard; VVV, VCC, VCI: Visa. */
  cardTypeCode: string;
  cardHash: string;
  cardIdentifier: string;
  walletInstrumentIdentifier: string;
  expiryMonth: string;
  expiryYear: string;
  /** What the payer gives for this card: expiry and CVV are asked only when supported. */
  cardTypeGatewayConfiguration: Required<GatewayConfiguration>;
}

/** The encrypted card, the only form card data ever leaves the page in. */
export interface Sealed {
  secureData: string;
  pinBlock: string;
}

/** Device information sent with card calls (spec core §7). */
export function deviceInformation(win: Window = window) {
  return {
    browserLanguage: win.navigator.language,
    browserJavaEnabled: false,
    browserColorDepth: String(win.screen.colorDepth),
    browserScreenHeight: String(win.screen.height),
    browserScreenWidth: String(win.screen.width),
    browserUserAgent: win.navigator.userAgent,
    channelBrowser: 'WEB',
  };
}

function ids(props: PaymentProps) {
  return { merchantCode: props.merchantCode, payableCode: props.payableCode, paymentId: props.paymentId };
}

/**
 * The card type's configuration. POSTed, not a GET with query parameters as spec core §7 lists it: a URL ends up
 * in access logs, and encrypted card data stays out of them.
 */
export function fetchBinConfiguration({ http, props, signal }: CallContext, sealed: Sealed, extra?: Record<string, unknown>) {
  return http.post<BinConfiguration>(
    '/api/v1/merchantbins',
    { ...extra, secureData: sealed.secureData, pinBlock: sealed.pinBlock, ...ids(props) },
    { signal },
  );
}

export interface PayExtras {
  /** A borrowing channel's fields (a saved card's wallet info): added to the body, never over the card's own. */
  extra?: Record<string, unknown>;
  /** The cardinal reference of the device data collection, when it ran. */
  cardinalReferenceId?: string;
  /** Ask for a fresh OTP for a payment already made (the OTP screen's resend). */
  resendOtp?: boolean;
}

export function makePayment({ http, props, signal }: CallContext, sealed: Sealed, extras: PayExtras) {
  return http.post<PayResponse>(
    '/api/v1/pay',
    {
      ...extras.extra,
      ...sealed,
      ...ids(props),
      amount: props.checkoutAmount,
      currencyCode: props.currencyCode,
      transactionReference: props.merchantTransactionReference,
      deviceInformation: deviceInformation(),
      sessionId: props.paymentId,
      cardinalReferenceId: extras.cardinalReferenceId,
      resendOtp: extras.resendOtp || undefined,
    },
    { signal },
  );
}

/** The bulk payments service: every pay item in one card payment. */
export function makeBulkPayment({ http, props, signal }: CallContext, sealed: Sealed) {
  return http.post<PayResponse>(
    '/api/v1/payments',
    { ...sealed, ...ids(props), payItems: props.payItems ?? [], amount: props.checkoutAmount, deviceInformation: deviceInformation() },
    { signal },
  );
}

export function authenticateOtp({ http, props, signal }: CallContext, otp: string) {
  return http.post<PayResponse>('/api/v1/pay/authenticateToken', { twoFactorAuthenticationCode: otp, ...ids(props) }, { signal });
}

export function cardinalStatus({ http, props, signal }: CallContext) {
  return http.get<PayResponse>('/api/v1/payments/cardinalCallBackStatus', { params: { paymentId: props.paymentId }, signal });
}

export function authenticateCardinal({ http, props, signal }: CallContext, info: CardinalInfo, sealed: Sealed) {
  return http.post<PayResponse>(
    '/api/v1/pay/authenticateCardinal',
    { ...ids(props), cardinalInfo: { eciFlag: info.eciFlag, transactionId: info.transactionId }, ...sealed },
    { signal },
  );
}

/** The channel's status check: the issuer's verdict on a 3-D Secure challenge. */
export async function checkStatus(ctx: StatusContext): Promise<StatusAnswer> {
  const r = await cardinalStatus(ctx);
  return { code: r.responseCode, response: r };
}
