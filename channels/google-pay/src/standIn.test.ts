import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STAND_IN, STAND_IN_CARDS } from './sandbox';
import { BROKEN_DATA_LABEL } from './standIn';
import { isReadyToPayRequest, paymentDataRequest } from './request';
import type { GooglePayApi } from './client';
import { sampleProps } from '@oja/testing';

const CONFIG = { gateway: 'ojasandbox', gatewayMerchantId: 'MX_DEMO', allowedCardNetworks: ['MASTERCARD', 'VISA'], environment: 'TEST' as const };
const REQUEST = paymentDataRequest(CONFIG, sampleProps({ checkoutAmount: 150000, merchantName: 'Oja Demo Store' }));

/** Runs the stand-in as the page's script element would, and answers the API it defines. */
function api(): GooglePayApi {
  new Function(STAND_IN)();
  return (window as unknown as { google: { payments: { api: GooglePayApi } } }).google.payments.api;
}

const sheet = () => document.querySelector('dialog');
const option = (label: RegExp | string) =>
  [...(sheet()?.querySelectorAll('button') ?? [])].find((b) =>
    typeof label === 'string' ? b.textContent === label : label.test(b.textContent ?? ''),
  )!;

beforeEach(() => {
  // happy-dom's dialog: showModal opens it like a browser's does.
  if (!HTMLDialogElement.prototype.showModal)
    HTMLDialogElement.prototype.showModal = function () {
      this.open = true;
    };
});

afterEach(() => {
  delete (window as unknown as { google?: unknown }).google;
  document.body.replaceChildren();
});

describe("the stand-in of Google's script", () => {
  it('defines google.payments.api.PaymentsClient, ready for the networks of its cards only', async () => {
    const client = new (api().PaymentsClient)({ environment: 'TEST' });
    await expect(client.isReadyToPay(isReadyToPayRequest(CONFIG))).resolves.toEqual({ result: true });
    await expect(client.isReadyToPay(isReadyToPayRequest({ ...CONFIG, allowedCardNetworks: ['AMEX'] }))).resolves.toEqual({ result: false });
    await expect(client.isReadyToPay({ apiVersion: 1 })).rejects.toMatchObject({ statusCode: 'DEVELOPER_ERROR' });
  });

  it('draws a named button that calls the page back', () => {
    const onClick = vi.fn();
    const button = new (api().PaymentsClient)({ environment: 'TEST' }).createButton({ onClick });
    expect(button.getAttribute('aria-label')).toBe('Pay with Google Pay');
    expect(button.getAttribute('type')).toBe('button');
    button.click();
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('opens a sheet with the amount, the merchant and the three cards labelled with what they do, then the broken answer', () => {
    const client = new (api().PaymentsClient)({ environment: 'TEST' });
    void client.loadPaymentData(REQUEST);
    expect(sheet()?.getAttribute('aria-labelledby')).toBe('oja-gpay-sheet-title');
    expect(sheet()?.textContent).toContain('Pay NGN 1,500.00 to Oja Demo Store');
    expect([...sheet()!.querySelectorAll('button')].map((b) => b.textContent)).toEqual([
      'Visa •••• 1111: pays at once',
      'Visa •••• 2503: 3-D Secure (code 123456)',
      'Mastercard •••• 0008: PIN (1111)',
      BROKEN_DATA_LABEL,
      'Cancel',
    ]);
  });

  it('answers a card tokenized for the merchant once the page authorizes it, and closes', async () => {
    const authorize = vi.fn(() => Promise.resolve({ transactionState: 'SUCCESS' as const }));
    const client = new (api().PaymentsClient)({ environment: 'TEST', paymentDataCallbacks: { onPaymentAuthorized: authorize } });
    const answer = client.loadPaymentData(REQUEST);
    option(/^Visa •••• 2503/).click();
    const data = (await answer) as { paymentMethodData: { info: unknown; tokenizationData: { type: string; token: string } } };
    expect(authorize).toHaveBeenCalledWith(data);
    expect(data.paymentMethodData.info).toEqual({ cardNetwork: 'VISA', cardDetails: '2503' });
    const token = JSON.parse(data.paymentMethodData.tokenizationData.token);
    expect(token).toMatchObject({ protocolVersion: 'ECv2' });
    expect(JSON.parse(token.signedMessage)).toEqual({ tokenId: STAND_IN_CARDS[1].tokenId, gatewayMerchantId: 'MX_DEMO' });
    expect(sheet()).toBeNull();
  });

  it("keeps the sheet open with the page's refusal in an alert, and Cancel ends it as Google does (CANCELED)", async () => {
    const refusal = {
      transactionState: 'ERROR' as const,
      error: { reason: 'PAYMENT_DATA_INVALID', message: 'Refused here', intent: 'PAYMENT_AUTHORIZATION' },
    };
    const client = new (api().PaymentsClient)({ environment: 'TEST', paymentDataCallbacks: { onPaymentAuthorized: () => refusal } });
    const answer = client.loadPaymentData(REQUEST);
    option(BROKEN_DATA_LABEL).click();
    await vi.waitFor(() => expect(sheet()?.querySelector('[role="alert"]')?.textContent).toBe('Refused here'));
    option('Cancel').click();
    await expect(answer).rejects.toMatchObject({ statusCode: 'CANCELED' });
    expect(sheet()).toBeNull();
  });

  it('offers only the networks asked for, and refuses a request that is not a gateway-tokenized FINAL payment', async () => {
    const client = new (api().PaymentsClient)({ environment: 'TEST' });
    void client.loadPaymentData(paymentDataRequest({ ...CONFIG, allowedCardNetworks: ['MASTERCARD'] }, sampleProps()));
    expect([...sheet()!.querySelectorAll('button')].map((b) => b.textContent)).toEqual([
      'Mastercard •••• 0008: PIN (1111)',
      BROKEN_DATA_LABEL,
      'Cancel',
    ]);
    await expect(
      client.loadPaymentData({ ...REQUEST, transactionInfo: { ...REQUEST.transactionInfo, totalPriceStatus: 'ESTIMATED' } }),
    ).rejects.toMatchObject({
      statusCode: 'DEVELOPER_ERROR',
    });
    await expect(client.loadPaymentData({ ...REQUEST, allowedPaymentMethods: [{ type: 'CARD', parameters: {} }] })).rejects.toMatchObject({
      statusCode: 'DEVELOPER_ERROR',
    });
  });
});
