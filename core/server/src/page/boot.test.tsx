import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { bootCheckout } from '@oja/core';
import { renderPage } from './render';
import { createRegistry, planPayment } from '@oja/core';
import { cardFixture, fixtureGates, gatedProps, plainBranding, sampleEnv, sampleProps, transferFixture } from '@oja/testing/fixtures';
import type { GateDecision } from '@oja/core';
import { manyChannels } from '@oja/testing';
import { FIRST_SCREEN_END_ID } from '@oja/core/shell';

const installed = { channels: [cardFixture, transferFixture], brandings: [plainBranding], gates: fixtureGates };

/** The server's page for a gated payment, put in this document as the browser would receive it. */
async function serve(gates: Record<string, GateDecision> = {}) {
  const registry = createRegistry(installed.channels, installed.brandings, { gates: installed.gates });
  const props = sampleProps(gatedProps);
  const html = await renderPage({
    registry,
    props,
    env: sampleEnv(),
    plan: planPayment(registry, props, { passed: gates, path: '/payment-methods' }),
    gates,
    assets: { js: '/assets/main.js', css: [], screens: {} },
  });
  // The page's module tags are left out: here the test is the browser's module.
  document.body.innerHTML = html
    .slice(html.indexOf('<body>') + '<body>'.length, html.indexOf('</body>'))
    .replace(/<script type="module"[^>]*><\/script>/g, '');
}

/**
 * What React logs about the page, less the warning that the server's renderer and the browser's meet the same
 * context objects: they do only here, where both run in one process.
 */
function pageErrors() {
  const spy = vi.spyOn(console, 'error');
  return () => spy.mock.calls.map((c) => String(c[0])).filter((m) => !m.startsWith('Detected multiple renderers concurrently'));
}

const beacon = vi.fn((_url: string) => true);
beforeEach(() => {
  beacon.mockClear();
  Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
});
afterEach(() => {
  Reflect.deleteProperty(navigator, 'sendBeacon');
  vi.restoreAllMocks();
  document.body.innerHTML = '';
  delete document.documentElement.dataset.hydrated;
});

describe('bootCheckout with gates', () => {
  it('hydrates the gate the server rendered, without a mismatch, and moves on when it is passed', async () => {
    await serve();
    const errors = pageErrors();
    expect(screen.getByRole('heading', { name: 'An offer for you' })).toBeTruthy();
    await act(() => bootCheckout(installed));
    await waitFor(() => expect(document.documentElement.dataset.hydrated).toBe('true'));
    expect(errors()).toEqual([]);
    await act(async () => screen.getByRole('button', { name: 'Take the offer' }).click());
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Terms before paying' })).toBeTruthy());
    expect(errors()).toEqual([]);
    expect(beacon.mock.calls.map((c) => c[0])).toEqual([
      '/session/opened?p=test-session',
      '/session/gate?p=test-session&gate=offer&decision=accepted',
    ]);
  });

  it('starts from the decisions of the session: a gate passed before the reload stays passed', async () => {
    await serve({ offer: 'accepted' });
    const errors = pageErrors();
    expect(screen.getByRole('heading', { name: 'Terms before paying' })).toBeTruthy();
    await act(() => bootCheckout(installed));
    await waitFor(() => expect(document.documentElement.dataset.hydrated).toBe('true'));
    expect(errors()).toEqual([]);
    expect(screen.getByRole('heading', { name: 'Terms before paying' })).toBeTruthy();
  });
});

describe('bootCheckout with a list longer than a phone shows', () => {
  it('hydrates the list with its first-screen mark among the rows, without a mismatch', async () => {
    const channels = manyChannels(12);
    const registry = createRegistry(channels, [plainBranding]);
    const props = sampleProps();
    const html = await renderPage({
      registry,
      props,
      env: sampleEnv(),
      plan: planPayment(registry, props, { path: '/payment-methods' }),
      assets: { js: '/assets/main.js', css: [], screens: {} },
    });
    document.body.innerHTML = html
      .slice(html.indexOf('<body>') + '<body>'.length, html.indexOf('</body>'))
      .replace(/<script type="module"[^>]*><\/script>/g, '');
    expect(document.querySelectorAll(`#${FIRST_SCREEN_END_ID}`)).toHaveLength(1);
    const errors = pageErrors();
    await act(() => bootCheckout({ channels, brandings: [plainBranding] }));
    await waitFor(() => expect(document.documentElement.dataset.hydrated).toBe('true'));
    expect(errors()).toEqual([]);
    const mark = document.getElementById(FIRST_SCREEN_END_ID);
    expect(mark?.parentElement?.tagName).toBe('UL');
    expect(screen.getAllByRole('link', { name: /^Method \d+/ })).toHaveLength(12);
  });
});
