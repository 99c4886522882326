import { describe, expect, it } from 'vitest';
import { defineChannel, HttpError } from '../index';

/** Uganda shilling: a payment in the Uganda market. */
const CURRENCY_UGX = '800';
import { fakeHttp, testCheckout } from '@oja/testing';
import { signInByToken, TOKEN_SIGN_IN_PATH } from './delivery';

const wallet = defineChannel({
  id: 'wallet',
  code: 'WALLET',
  path: '/payment/wallet',
  isAvailable: () => true,
  acceptsAccessToken: true,
  messages: { en: { wallet: { t: 'Wallet' } }, fr: { wallet: { t: 'Portefeuille' } } },
});

describe('access-token sign-in', () => {
  it('authenticates the token, then opens the channel that accepts tokens', async () => {
    const http = fakeHttp({ [`POST ${TOKEN_SIGN_IN_PATH}`]: () => ({ responseCode: '00', user: { firstName: 'Ada' } }) });
    const c = testCheckout({ channels: [wallet], http, props: { accessToken: 'tok', accessTokenType: 'Bearer' } });
    const visited: string[] = [];
    c.navigate = (to) => visited.push(to);
    await signInByToken(c);
    expect(http.calls[0].body).toEqual({
      merchantCode: 'MX_DEMO',
      payableCode: 'Default_Payable_MX_DEMO',
      accessToken: 'tok',
      accessTokenType: 'Bearer',
    });
    expect(c.state.tokenSignIn).toMatchObject({ user: { firstName: 'Ada' } });
    expect(c.state.channel).toBe('wallet');
    expect(visited).toEqual(['/payment/wallet?p=test-session']);
  });

  it('leaves the payer where they are when the token is refused', async () => {
    const http = fakeHttp({
      [`POST ${TOKEN_SIGN_IN_PATH}`]: () => {
        throw new HttpError('HTTP 403', 'http', 403);
      },
    });
    const c = testCheckout({ channels: [wallet], http, props: { accessToken: 'bad', accessTokenType: 'Bearer' } });
    const visited: string[] = [];
    c.navigate = (to) => visited.push(to);
    await signInByToken(c);
    expect(c.state.channel).toBeNull();
    expect(visited).toEqual([]);
  });

  it('does nothing without a token, or without a channel that takes one', async () => {
    const http = fakeHttp({});
    await signInByToken(testCheckout({ channels: [wallet], http }));
    await signInByToken(testCheckout({ channels: [], http, props: { accessToken: 'tok', accessTokenType: 'Bearer' } }));
    expect(http.calls).toEqual([]);
  });

  it('never opens a channel this payment cannot use: a UGX payment keeps the token channel out (market rule)', async () => {
    const http = fakeHttp({ [`POST ${TOKEN_SIGN_IN_PATH}`]: () => ({ responseCode: '00' }) });
    const c = testCheckout({ channels: [wallet], http, props: { accessToken: 'tok', accessTokenType: 'Bearer', currencyCode: CURRENCY_UGX } });
    const visited: string[] = [];
    c.navigate = (to) => visited.push(to);
    await signInByToken(c);
    expect(http.calls).toEqual([]);
    expect(c.state.channel).toBeNull();
    expect(visited).toEqual([]);
  });
});
