import { render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CheckoutHarness, sampleEnv, sampleProps, testCheckout } from '@oja/testing';
import card from './index';
import serverCard from './sandbox';
import { fingerprintScript } from './fingerprint';
import { CARD_SOURCES, FINGERPRINT_INTEGRITY_SETTING, FINGERPRINT_PATH, FINGERPRINT_SOURCE, THREE_D_SECURE_SOURCES } from './sources';

const FP = 'https://fp.example';
const ids = { cybersourceOrgId: 'org-1', cybersourceMerchantId: 'oja_m1' };
const env = sampleEnv({ sources: { [FINGERPRINT_SOURCE]: [FP] }, channelSettings: { card: { [FINGERPRINT_INTEGRITY_SETTING]: 'sha384-abc' } } });

describe('fingerprintScript (companion §7)', () => {
  it('is keyed by the org id, and by the merchant id followed by the payment id, on the configured origin', () => {
    const s = fingerprintScript(sampleProps(ids), env)!;
    const url = new URL(s.src);
    expect(url.origin + url.pathname).toBe(`${FP}${FINGERPRINT_PATH}`);
    expect(url.searchParams.get('org_id')).toBe('org-1');
    expect(url.searchParams.get('session_id')).toBe('oja_m14242001');
    expect(s.integrity).toBe('sha384-abc');
  });

  it('is none without both ids, or without the origin', () => {
    expect(fingerprintScript(sampleProps({ cybersourceOrgId: 'org-1' }), env)).toBeNull();
    expect(fingerprintScript(sampleProps({ cybersourceMerchantId: 'm' }), env)).toBeNull();
    expect(fingerprintScript(sampleProps(ids), sampleEnv())).toBeNull();
    // `https:` allows every https origin: it names none to load from.
    expect(fingerprintScript(sampleProps(ids), sampleEnv({ sources: { [FINGERPRINT_SOURCE]: ['https:'] } }))).toBeNull();
  });

  it('carries no integrity when the deployment names none (a script its party changes unannounced)', () => {
    expect(fingerprintScript(sampleProps(ids), sampleEnv({ sources: { [FINGERPRINT_SOURCE]: [FP] } }))!.integrity).toBeUndefined();
  });

  it('escapes the ids into the query', () => {
    const src = fingerprintScript(sampleProps({ cybersourceOrgId: 'a&b=c', cybersourceMerchantId: 'm#1' }), env)!.src;
    expect(new URL(src).searchParams.get('org_id')).toBe('a&b=c');
    expect(new URL(src).searchParams.get('session_id')).toBe('m#14242001');
  });
});

describe('the card declares its outside sources', () => {
  it('the 3-D Secure frames and the fingerprint script', () => {
    // A server build's concern (the page's policy): the browser's plugin carries none.
    expect(serverCard.sources).toBe(CARD_SOURCES);
    expect(card.sources).toBeUndefined();
    expect(CARD_SOURCES.map((s) => [s.key, s.directives])).toEqual([
      ['3ds-issuer', ['frame']],
      ['3ds-device-data', ['frame']],
      [FINGERPRINT_SOURCE, ['script']],
    ]);
    expect(CARD_SOURCES.slice(0, 2)).toEqual(THREE_D_SECURE_SOURCES);
  });
});

describe('the card screen loads the fingerprint script', () => {
  beforeAll(async () => {
    await import('./Screen');
  });
  afterEach(() => vi.restoreAllMocks());

  /** The scripts the page inserts (kept out of the document: nothing loads in tests). */
  function insertedScripts(): HTMLScriptElement[] {
    const scripts: HTMLScriptElement[] = [];
    vi.spyOn(document.head, 'appendChild').mockImplementation(<T extends Node>(el: T): T => {
      if (el instanceof HTMLScriptElement) scripts.push(el);
      return el;
    });
    return scripts;
  }

  it('once the card screen shows, for a payment with the ids', async () => {
    const scripts = insertedScripts();
    render(
      <CheckoutHarness
        checkout={testCheckout({
          channels: [card],
          props: { ...ids, paymentId: '77' },
          env: { sources: env.sources, channelSettings: env.channelSettings },
        })}
        path="/payment/card"
      />,
    );
    await screen.findByLabelText(/Card number/i);
    // The loader is its own lazy module (@oja/core/outside-script): under load it may land after the screen.
    await vi.waitFor(() => expect(scripts.map((s) => s.src)).toEqual([`${FP}${FINGERPRINT_PATH}?org_id=org-1&session_id=oja_m177`]));
    expect(scripts[0].integrity).toBe('sha384-abc');
  });

  it('not on the method list, and not without the ids', async () => {
    const scripts = insertedScripts();
    const withIds = render(
      <CheckoutHarness checkout={testCheckout({ channels: [card], props: ids, env: { sources: env.sources } })} path="/payment-methods" />,
    );
    await screen.findByText(/Choose a payment method/);
    withIds.unmount();
    render(<CheckoutHarness checkout={testCheckout({ channels: [card], env: { sources: env.sources } })} path="/payment/card" />);
    await screen.findByLabelText(/Card number/i);
    expect(scripts).toEqual([]);
  });
});
