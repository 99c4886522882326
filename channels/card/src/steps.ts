/**
 * The card's steps, lent to other channels: the one documented way for a channel to pay with a card it did not take
 * through the card's own entry (the wallet's saved cards today; Google Pay and pay on credit continue into the PIN,
 * OTP and 3-D Secure steps the same way). Import only from `@oja/card/steps`; everything else in the package is
 * the card's own and may change.
 *
 * How a borrower uses them:
 * 1. `lendCardSteps(c, { channel, lookupFields, paymentFields })`: the fields its calls add (a saved card's
 *    identifiers). Kept in the card's visit, so they end with it (Retry, another method, leaving).
 * 2. Takes the card's details with `CardForm` (asking only for the fields it needs), then `submitCard(c, card)`.
 *    From there the card's routes (`PIN_PATH`, `OTP_PATH`, `CARDINAL_PATH`) run the payment as for a typed card.
 * 3. `forgetCard(c)` when the payer signs out mid-way; `hasCard(c)` to know whether a card is in memory.
 * 4. A borrower whose first call may be refused for its own reasons (a provider's token) sets `keepsRefusal`:
 *    submitCard then answers that refusal instead of completing the payment, and the borrower shows it.
 * 5. The borrower's plugin names `continuesInto: ['card']`, so that the card's routes exist (and its modules and
 *    3-D Secure sources are allowed) on payments that do not offer typed cards.
 *
 * A borrower that sends the card in calls of its own instead (pay on credit's tokenisation) takes the details with
 * `CardForm`, the PIN with `PinPad` given its own `onSubmit` (from `@oja/card/pin-pad`, an entry of its own so
 * that the borrowers that never show the pad do not fetch it), and seals both with `sealCard` (the encryption
 * chunk, loaded lazily); it keeps the card in its own visit's secret and never routes to the card's steps.
 */
export { CARD_PATH, CARDINAL_PATH, OTP_PATH, PIN_PATH, forgetCard, hasCard, lendCardSteps, sealCard, submitCard } from './flow';
export type { CardLoan, CardRefusal } from './flow';
export type { CardSecret } from './crypto';
export type { GatewayConfiguration, Sealed, WalletCard } from './api';
export { CardForm } from './CardForm';
export type { CardFormProps } from './CardForm';
export { BrandIcon } from './BrandIcons';
export { CARD_TYPE_BRANDS, isECash } from './rules';
export type { Brand } from './rules';
