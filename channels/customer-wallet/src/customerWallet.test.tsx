import { fireEvent, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { defineChannel, missingKeys, validateChannel } from '@oja/core';
import type { ChannelPlugin } from '@oja/core';
import { CheckoutHarness, cardFixture, sampleProps, testCheckout } from '@oja/testing';
import customerWallet from './index';
import { messages } from './messages';
import { screenMessages } from './screenMessages';
import { listedWallets } from './wallets';
import { SANDBOX_WALLETS, sandbox, sandboxProviders } from './sandbox';

const option = (codes: string[], enabled = true) => ({
  nonCardOptions: [
    {
      providerCode: 'CUSTOMER_WALLET',
      enabled,
      additionalInformation: { providers: codes.map((code, i) => ({ id: i + 1, code, description: `${code} wallet`, countryCode: 'NG' })) },
    },
  ],
});
const wallet = (type: string): ChannelPlugin =>
  defineChannel({
    id: type,
    code: type.toUpperCase(),
    path: `/payment/${type}`,
    walletType: type,
    isAvailable: () => true,
    screen: async () => ({ default: () => <h1>{`${type} page`}</h1> }),
    messages: { en: {}, fr: {} },
  });
const installed = ['opay', 'enaira', 'palmpay', 'momo'].map(wallet);
const find = (type: string) => installed.find((w) => w.walletType === type);

describe('customer wallet plugin', () => {
  it('is a valid channel: CUSTOMER_WALLET on /payment/customerwallet, row "Pay with Wallet", strings in en and fr', () => {
    expect(validateChannel(customerWallet)).toEqual([]);
    expect(customerWallet).toMatchObject({ id: 'customer-wallet', code: 'CUSTOMER_WALLET', path: '/payment/customerwallet' });
    expect(messages.en['customer-wallet'].row.title).toBe('Pay with Wallet');
    for (const b of [messages, screenMessages]) expect([missingKeys(b.en, b.fr), missingKeys(b.fr, b.en)]).toEqual([[], []]);
  });

  it('is available when the enabled option lists a provider of an available type', () => {
    expect(customerWallet.isAvailable(sampleProps(option(['PALMPAY'])))).toBe(true);
    expect(customerWallet.isAvailable(sampleProps(option(['PALMPAY'], false)))).toBe(false);
    expect(customerWallet.isAvailable(sampleProps(option(['PAYPAL'])))).toBe(false);
    expect(customerWallet.isAvailable(sampleProps({ nonCardOptions: [] }))).toBe(false);
  });
});

describe('the wallet list (companion §2 "Customer wallet screen")', () => {
  it('sorts by type, keeps the available types whose wallet is installed, each type once', () => {
    const listed = listedWallets(sampleProps(option(['PALMPAY', 'POCKET', 'OPAY', 'PAYPAL', 'eNaira', 'OPAY', 'MOMO'])), find);
    expect(listed.map((w) => w.type)).toEqual(['enaira', 'momo', 'opay', 'palmpay']);
    expect(listed.map((w) => w.provider.description)).toEqual(['eNaira wallet', 'MOMO wallet', 'OPAY wallet', 'PALMPAY wallet']);
    expect(listed[0].wallet).toBe(find('enaira'));
  });

  describe('screen', () => {
    beforeAll(async () => {
      await import('./Screen');
    });
    const mount = (codes: string[], channels: ChannelPlugin[] = installed) => {
      const checkout = testCheckout({ channels: [cardFixture, customerWallet, ...channels], props: option(codes) });
      render(<CheckoutHarness checkout={checkout} path="/payment/customerwallet" />);
      return checkout;
    };

    it('lists the wallets as links to their routes, and opening one records it as the method', async () => {
      const checkout = mount(['PALMPAY', 'OPAY', 'POCKET']);
      const links = await screen.findAllByRole('link', { name: /wallet$/ });
      expect(links.map((l) => l.textContent)).toEqual(['OPAY wallet', 'PALMPAY wallet']);
      expect(links[0].getAttribute('href')).toMatch(/^\/payment\/opay\?p=/);
      expect(screen.getByRole('link', { name: 'Change payment method' })).toBeTruthy();
      fireEvent.click(links[1]);
      expect(checkout.state.channel).toBe('palmpay');
      expect(await screen.findByRole('heading', { name: 'palmpay page' })).toBeTruthy();
    });

    it("gives each provider the method rows' shape: the row is the link, with the provider's drawn mark and a chevron", async () => {
      mount(['PALMPAY', 'OPAY', 'ENAIRA', 'MOMO']);
      const links = await screen.findAllByRole('link', { name: /wallet$/ });
      expect(links.map((a) => a.dataset.wallet)).toEqual(['enaira', 'momo', 'opay', 'palmpay']);
      for (const a of links) {
        expect(a.parentElement?.children).toHaveLength(1);
        const [mark, text, chevron] = [...a.children];
        // Each its own mark, drawn (no text in it: the provider's name is the row's title), hidden from readers.
        expect(mark.getAttribute('data-wallet-mark')).toBe(a.dataset.wallet);
        expect(mark.getAttribute('aria-hidden')).toBe('true');
        expect(mark.textContent).toBe('');
        expect(text.textContent).toBe(`${a.dataset.wallet!.toUpperCase()} wallet`);
        expect(chevron.tagName.toLowerCase()).toBe('svg');
      }
      const tiles = links.map((a) => a.querySelector('rect')?.getAttribute('fill'));
      expect(new Set(tiles).size).toBe(tiles.length);
    });

    it('says so when no listed wallet is installed', async () => {
      mount(['POCKET'], []);
      expect(await screen.findByText('No wallet is available for this payment. Choose another payment method.')).toBeTruthy();
    });
  });
});

describe('customer wallet sandbox part', () => {
  it("gives the pay-page's CUSTOMER_WALLET option every sandbox wallet, or those the wallets field names", () => {
    expect(sandbox.optionInformation?.CUSTOMER_WALLET?.({})).toEqual({ providers: SANDBOX_WALLETS });
    expect(SANDBOX_WALLETS.map((w) => w.code)).toEqual(['OPAY', 'ENAIRA', 'MOMO', 'POCKET', 'PALMPAY']);
    const { providers } = sandboxProviders({ wallets: 'palmpay, opay,paypal' }) as { providers: Array<{ code: string }> };
    expect(providers.map((p) => p.code)).toEqual(['PALMPAY', 'OPAY', 'PAYPAL']);
  });
});
