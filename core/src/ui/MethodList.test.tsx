import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { CheckoutHarness, click, testCheckout } from '@oja/testing';
import type { TestCheckoutOptions } from '@oja/testing';
import { notify } from '../state/actions';
import { defineChannel } from '../plugin';
import { FIRST_SCREEN_END_ID } from './FirstScreenEnd';
import { ROWS_ON_FIRST_SCREEN } from './MethodList';
import { cardFixture, drcFixture, fixtureChannels, manyChannels, transferFixture, ugandaFixture, walletFixture } from '@oja/testing';

/** Lets valtio, React and lazy screens settle, and `ms` of fake time pass. */

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  sessionStorage.clear();
});

function renderList(o: TestCheckoutOptions = {}) {
  const c = testCheckout({ channels: fixtureChannels, ...o });
  render(<CheckoutHarness checkout={c} />);
  return c;
}

const rows = () => within(screen.getByRole('list', { name: 'Choose a payment method' })).getAllByRole('link');

describe('Method list', () => {
  it('shows a link per available channel, in list order, with its title and description', () => {
    renderList({ props: { paymentChannels: ['CARD', 'TRANSFER'], nonCardOptions: [{ providerCode: 'TRANSFER', enabled: true }] } });
    expect(screen.getByRole('heading', { name: 'Choose a payment method' })).toBeTruthy();
    const links = rows();
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '/payment/card?p=test-session',
      '/payment/wallet?p=test-session',
      '/payment/transfer?p=test-session',
    ]);
    expect(within(links[0]).getByText('Pay with Card')).toBeTruthy();
    expect(within(links[0]).getByText('Verve, Visa, Mastercard')).toBeTruthy();
    expect(within(links[2]).getByText('Pay with Transfer')).toBeTruthy();
    expect(within(links[2]).getByText('Transfer to a generated account')).toBeTruthy();
  });

  it('draws each row icon as decoration', () => {
    renderList({ props: { paymentChannels: ['CARD'], nonCardOptions: [] } });
    for (const svg of rows()[0].querySelectorAll('svg')) expect(svg.getAttribute('aria-hidden')).toBe('true');
  });

  it('leaves out the channels this payment may not use', () => {
    renderList({
      props: {
        currencyCode: '800',
        paymentChannels: ['CARD', 'UGANDA_MOBILE_MONEY', 'TRANSFER'],
        nonCardOptions: [
          { providerCode: 'UGANDA_MOBILE_MONEY', enabled: true },
          { providerCode: 'TRANSFER', enabled: true },
        ],
      },
    });
    expect(rows().map((a) => a.getAttribute('href'))).toEqual(['/payment/card?p=test-session', '/payment/uganda-mobile-money?p=test-session']);
  });

  it('lists no channel that has no row', () => {
    const hidden = defineChannel({ id: 'hidden', code: 'HIDDEN', path: '/payment/hidden', isAvailable: () => true, messages: { en: {}, fr: {} } });
    renderList({ channels: [cardFixture, hidden], props: { paymentChannels: ['CARD'], nonCardOptions: [] } });
    expect(rows()).toHaveLength(1);
  });

  it('says so when no method is available', () => {
    renderList({ channels: [drcFixture], props: { paymentChannels: ['CARD'], nonCardOptions: [] } });
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.getByText('No payment method is available for this payment. Please contact your merchant.')).toBeTruthy();
  });

  it('clicking a row selects the channel, clears the earlier state and opens its screen', async () => {
    const c = renderList({ props: { paymentChannels: ['CARD', 'TRANSFER'], nonCardOptions: [{ providerCode: 'TRANSFER', enabled: true }] } });
    await act(async () => notify(c, 'An earlier error', 'ERROR', null));
    expect(screen.getByRole('alert').textContent).toContain('An earlier error');
    const before = c.state.attempt;
    await click(screen.getByRole('link', { name: /Pay with Transfer/ }));
    expect(c.state.channel).toBe('transfer');
    expect(c.state.result).toBeNull();
    expect(c.state.notification).toBeNull();
    expect(c.state.props.isSinglePaymentMode).toBe(true);
    expect(c.state.attempt).toBe(before + 1);
    expect(screen.getByText('Transfer screen')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Choose a payment method' })).toBeNull();
  });

  it('opens the card screen from its row', async () => {
    const c = renderList({ props: { paymentChannels: ['CARD'], nonCardOptions: [] } });
    await click(screen.getByRole('link', { name: /Pay with Card/ }));
    expect(c.state.channel).toBe('card');
    expect(screen.getByText('Card screen')).toBeTruthy();
  });

  it('keeps the language on the links', () => {
    renderList({
      env: { locale: 'fr' },
      channels: [cardFixture, walletFixture, transferFixture, ugandaFixture],
      props: { paymentChannels: ['CARD'], nonCardOptions: [] },
    });
    expect(screen.getByRole('link', { name: /Payer par carte/ }).getAttribute('href')).toBe('/payment/card?p=test-session&lang=fr');
  });

  it('marks the end of the first screen after the rows a phone shows, only in a longer list', () => {
    const { container } = render(<CheckoutHarness checkout={testCheckout({ channels: manyChannels(ROWS_ON_FIRST_SCREEN + 2) })} />);
    const marks = container.querySelectorAll(`template#${FIRST_SCREEN_END_ID}`);
    expect(marks).toHaveLength(1);
    // among the list's items, right after the last row a phone shows
    expect(marks[0].parentElement?.tagName).toBe('UL');
    expect(marks[0].previousElementSibling?.textContent).toContain(`Method ${ROWS_ON_FIRST_SCREEN - 1}`);
    expect(rows()).toHaveLength(ROWS_ON_FIRST_SCREEN + 2);
    cleanup();
    const short = render(<CheckoutHarness checkout={testCheckout({ channels: manyChannels(ROWS_ON_FIRST_SCREEN) })} />);
    expect(short.container.querySelector(`#${FIRST_SCREEN_END_ID}`)).toBeNull();
  });

  it('makes the whole row the link: mark, title, description and chevron inside the anchor, nothing beside it', () => {
    renderList({ props: { paymentChannels: ['CARD', 'TRANSFER'], nonCardOptions: [{ providerCode: 'TRANSFER', enabled: true }] } });
    for (const a of rows()) {
      // The list item holds the anchor alone: no padding or element of its own that a tap could land on.
      expect(a.parentElement?.tagName).toBe('LI');
      expect(a.parentElement?.children).toHaveLength(1);
      const [mark, text, chevron] = [...a.children];
      expect(a.children).toHaveLength(3);
      expect(mark.tagName.toLowerCase()).toBe('svg');
      expect(chevron.tagName.toLowerCase()).toBe('svg');
      // The bench's and the e2e's tap points (scripts/bench/firstScreen.mjs ROW_TAPS) are in the anchor.
      const [title, description] = [...text.children];
      expect(a.querySelector(':scope > span > span:first-child')).toBe(title);
      expect(a.querySelector(':scope > span > span:last-child')).toBe(description);
      expect(title.closest('a')).toBe(a);
      expect(description.closest('a')).toBe(a);
    }
  });

  it("gives a row the description for this payment when the channel's depends on it", () => {
    const byAcquirer = defineChannel({
      ...cardFixture,
      row: { ...cardFixture.row!, description: (props) => (props.acquiredBy === 'MUL' ? 'card.row.narrow' : 'card.row.description') },
      messages: {
        en: { card: { row: { title: 'Pay with Card', description: 'Every brand', narrow: 'Two brands' } } },
        fr: { card: { row: { title: 'Payer par carte', description: 'Toutes les marques', narrow: 'Deux marques' } } },
      },
    });
    renderList({ channels: [byAcquirer], props: { acquiredBy: 'MUL', paymentChannels: ['CARD'], nonCardOptions: [] } });
    expect(within(rows()[0]).getByText('Two brands')).toBeTruthy();
    cleanup();
    renderList({ channels: [byAcquirer], props: { acquiredBy: '', paymentChannels: ['CARD'], nonCardOptions: [] } });
    expect(within(rows()[0]).getByText('Every brand')).toBeTruthy();
  });
});
