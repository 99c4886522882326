import { afterEach, describe, expect, it, vi } from 'vitest';
import { prefetchOnIntent } from './intent';
import { createRegistry } from '../validation';
import { cardFixture, plainBranding, sampleEnv, transferFixture } from '@oja/testing/fixtures';

describe('prefetchOnIntent', () => {
  let stop = () => {};
  afterEach(() => {
    stop();
    document.body.innerHTML = '';
  });

  it("fetches a row's screen once when the payer touches, hovers or focuses it, and nothing for anything else", () => {
    const card = { ...cardFixture, screen: vi.fn(cardFixture.screen!) };
    const transfer = { ...transferFixture, screen: vi.fn(transferFixture.screen!) };
    const registry = createRegistry([card, transfer], [plainBranding]);
    document.body.innerHTML =
      '<a data-method="card" href="/payment/card"><span><span id="title">Pay with Card</span></span></a>' +
      '<a data-method="transfer" href="/payment/transfer">Transfer</a><button id="other">Other</button><a data-method="nope">x</a>';
    stop = prefetchOnIntent(registry, sampleEnv());
    document.getElementById('other')!.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    document.querySelector('[data-method="nope"]')!.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(card.screen).not.toHaveBeenCalled();
    // A thumb lands on the row's text: the row is found from it.
    document.getElementById('title')!.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    document.getElementById('title')!.dispatchEvent(new Event('mouseover', { bubbles: true }));
    expect(card.screen).toHaveBeenCalledTimes(1);
    document.querySelector('[data-method="transfer"]')!.dispatchEvent(new Event('focusin', { bubbles: true }));
    expect(transfer.screen).toHaveBeenCalledTimes(1);
  });

  it('stops listening when told', () => {
    const card = { ...cardFixture, screen: vi.fn(cardFixture.screen!) };
    document.body.innerHTML = '<a data-method="card" href="/payment/card">Card</a>';
    prefetchOnIntent(createRegistry([card], [plainBranding]), sampleEnv())();
    document.querySelector('a')!.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(card.screen).not.toHaveBeenCalled();
  });
});
