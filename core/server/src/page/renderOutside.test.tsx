import { describe, expect, it } from 'vitest';
import type { Locale } from '@oja/core';
import type { PagePlugin } from '@oja/core';
import { homePage } from '../outside/homePage';
import type { HomePageOptions } from '../outside/homePage';
import { fixturePage, testPageContext } from '@oja/testing';
import { inlineHash } from './integrity';
import { pageScreenKey, renderPageDocument, renderPageScreen, renderUnavailablePage, renderUnreachablePage } from './renderOutside';

const CSS = '/assets/main-abc.css';
// The parsed pages link no stylesheet: the test DOM would fetch it.
const css: string[] = [];
const fields = { merchant_code: 'MX_DEMO', txn_ref: 'T-1', amount: '150000', cust_name: 'Ada "><script>alert(1)</script>' };

/** The page as a document, as a browser reads it. */
const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html');

describe('renderUnavailablePage (the session store is away)', () => {
  it('says nothing was charged and the place is kept, with a Try again link to the same path, in English and French', () => {
    const doc = parse(renderUnavailablePage({ locale: 'en', css, retryPath: '/payment/card/pin?p=abc&lang=en' }));
    expect(doc.title).toBe('The checkout is briefly unavailable');
    expect(doc.querySelector('[role="alert"]')?.textContent).toContain('Nothing has been charged, and your payment is kept.');
    const link = doc.querySelector('a')!;
    expect([link.textContent, link.getAttribute('href')]).toEqual(['Try again', '/payment/card/pin?p=abc&lang=en']);
    expect(doc.querySelectorAll('script')).toHaveLength(0);
    const fr = parse(renderUnavailablePage({ locale: 'fr', css, retryPath: '/payment/methods' }));
    expect(fr.documentElement.lang).toBe('fr');
    expect(fr.querySelector('h1')?.textContent).toBe('Le paiement est momentanément indisponible');
    expect(fr.querySelector('a')?.textContent).toBe('Réessayer');
  });

  it('links only a path of this checkout', () => {
    for (const retryPath of ['//evil.example/x', 'https://evil.example/', 'javascript:alert(1)', '/\\evil.example']) {
      expect(
        parse(renderUnavailablePage({ locale: 'en', css, retryPath }))
          .querySelector('a')
          ?.getAttribute('href'),
      ).toBe('/');
    }
  });
});

describe('renderUnreachablePage', () => {
  it('says the checkout could not be reached, in English, with a Try again that posts the same fields to /pay', () => {
    const html = renderUnreachablePage({ locale: 'en', css, fields });
    const doc = parse(html);
    expect(doc.documentElement.lang).toBe('en');
    expect(doc.title).toBe('We could not reach the checkout');
    expect(doc.querySelector('h1')?.textContent).toBe('We could not reach the checkout');
    const form = doc.querySelector('form')!;
    expect([form.getAttribute('method'), form.getAttribute('action')]).toEqual(['post', '/pay']);
    const posted = Object.fromEntries(
      [...form.querySelectorAll('input[type="hidden"]')].map((i) => [i.getAttribute('name'), i.getAttribute('value')]),
    );
    expect(posted).toEqual(fields);
    expect(form.querySelector('button[type="submit"]')?.textContent).toBe('Try again');
    expect(renderUnreachablePage({ locale: 'en', css: [CSS], fields })).toContain(`<link rel="stylesheet" href="${CSS}">`);
  });

  it('keeps the fields text: no markup of theirs reaches the page, and the page has no script or inline style', () => {
    const html = renderUnreachablePage({ locale: 'en', css, fields });
    expect(html).not.toContain('<script');
    expect(html).not.toContain('style=');
    expect(parse(html).querySelectorAll('script')).toHaveLength(0);
  });

  it('carries the stylesheets inline when the server has their text, each hash collected for its style-src', () => {
    const styleHashes: string[] = [];
    const inlineCss = { [CSS]: 'body{margin:0}', '/assets/odd.css': 'a{content:"</style>"}' };
    const html = renderUnreachablePage({ locale: 'en', css: [CSS, '/assets/odd.css'], inlineCss, styleHashes, fields });
    expect(html).toContain(`<style data-href="${CSS}">body{margin:0}</style>`);
    expect(styleHashes).toEqual([inlineHash('body{margin:0}')]);
    // A text that could close its element is linked instead.
    expect(html).toContain('<link rel="stylesheet" href="/assets/odd.css">');
    expect(html).not.toContain('<script');
  });

  it('speaks French', () => {
    const doc = parse(renderUnreachablePage({ locale: 'fr', css, fields }));
    expect(doc.documentElement.lang).toBe('fr');
    expect(doc.querySelector('h1')?.textContent).toBe('Impossible de joindre le service de paiement');
    expect(doc.querySelector('button')?.textContent).toBe('Réessayer');
  });
});

/** The home page as the server answers it: its `serve`, then its document rendered. */
async function renderHomePage(input: { locale: Locale; css: string[]; sandbox: boolean } & HomePageOptions): Promise<string> {
  const { locale, css: sheets, sandbox, ...options } = input;
  const page: PagePlugin = homePage(options);
  const answer = await page.serve!(testPageContext({ locale, sandbox }));
  if (answer.kind !== 'document') throw new Error(`the home page answered ${answer.kind}`);
  return renderPageDocument({ page, locale, css: sheets, title: answer.title, content: answer.content });
}

describe("the home page (core's page plugin for /)", () => {
  const testCards = [
    { number: '5061050254756707864', brand: 'Verve', pin: '1111', otp: '123456', result: '00' },
    { number: '4000000000000002', brand: 'Visa', result: 'Z8' },
  ];

  it('in sandbox mode: what this is, the demo store, the test cards and how to settle asynchronous payments', async () => {
    const doc = parse(await renderHomePage({ locale: 'en', css, sandbox: true, storeBase: 'http://127.0.0.1:4401', testCards }));
    expect(doc.querySelector('h1')?.textContent).toBe('Oja Checkout');
    expect(doc.querySelector('a')?.getAttribute('href')).toBe('http://127.0.0.1:4401');
    expect(doc.querySelector('a')?.textContent).toBe('Open the demo store');
    const cards = [...doc.querySelectorAll('[data-testid="test-cards"] li')].map((li) => li.textContent);
    expect(cards).toEqual([
      'Verve 5061050254756707864: PIN 1111, then OTP 123456. Result: 00 Successful',
      'Visa 4000000000000002: nothing to enter. Result: Z8 Your card is not accepted by this merchant',
    ]);
    expect(doc.body.textContent).toContain('POST /sandbox/simulate');
    expect(doc.querySelectorAll('script')).toHaveLength(0);
  });

  it('in French', async () => {
    const doc = parse(await renderHomePage({ locale: 'fr', css, sandbox: true, storeBase: 'http://127.0.0.1:4401', testCards }));
    expect(doc.documentElement.lang).toBe('fr');
    expect(doc.querySelector('a')?.textContent).toBe('Ouvrir la boutique de démonstration');
    expect(doc.querySelector('li')?.textContent).toBe('Verve 5061050254756707864 : code PIN 1111, puis OTP 123456. Résultat : 00 Réussi');
  });

  it('with a real API: what this is, and no test data', async () => {
    const doc = parse(await renderHomePage({ locale: 'en', css, sandbox: false, testCards }));
    expect(doc.querySelector('h1')?.textContent).toBe('Oja Checkout');
    expect(doc.querySelectorAll('a, li, code')).toHaveLength(0);
    expect(doc.body.textContent).not.toContain('sandbox');
  });
});

describe('renderPageScreen', () => {
  // The parsed pages link no stylesheet (the test DOM would fetch it): the screen's is checked in the text.
  const screenPart = { js: '/assets/page-refpay-1.js', css: '', preload: ['/assets/page-refpay-1.js', '/assets/chunk-2.js'] };
  const assets = { js: '/assets/main-abc.js', css: [], screens: { [pageScreenKey('refpay')]: screenPart } };
  const data = { ref: 'REF-0001', email: 'ada@example.com', amount: 250_000 };

  it("renders the page's screen with its data, the data to hydrate it, and the checkout's script", async () => {
    const html = await renderPageScreen({ page: fixturePage, locale: 'en', path: '/refpay-done', data, title: 'refpay.done.title', assets });
    const doc = parse(html);
    expect(doc.title).toBe('Payment completed');
    expect(doc.querySelector('#oja-root h1')?.textContent).toBe('Payment completed');
    expect(doc.querySelector('#oja-root p')?.textContent).toBe('Your payment of NGN 2,500.00 for REF-0001 was successful.');
    expect(doc.querySelector('script[type="module"]')?.getAttribute('src')).toBe('/assets/main-abc.js');
    expect([...doc.querySelectorAll('link[rel="modulepreload"]')].map((l) => l.getAttribute('href'))).toEqual([
      '/assets/page-refpay-1.js',
      '/assets/chunk-2.js',
    ]);
    const styled = { ...assets, screens: { [pageScreenKey('refpay')]: { ...screenPart, css: '/assets/page-refpay-1.css' } } };
    const withCss = await renderPageScreen({
      page: fixturePage,
      locale: 'en',
      path: '/refpay-done',
      data,
      title: 'refpay.done.title',
      assets: styled,
    });
    expect(withCss).toContain('<link rel="stylesheet" href="/assets/page-refpay-1.css">');
    const carried = JSON.parse(doc.getElementById('oja-data')!.textContent!);
    expect(carried).toEqual({
      view: { page: 'refpay', path: '/refpay-done', data },
      locale: 'en',
      messages: expect.objectContaining({ refpay: expect.objectContaining({ title: 'Pay a bill' }) }),
    });
    // One language travels, not both.
    expect(JSON.stringify(carried.messages)).not.toContain('Payer une facture');
  });

  it('keeps markup in the data out of the page', async () => {
    const html = await renderPageScreen({
      page: fixturePage,
      locale: 'fr',
      path: '/refpay-done',
      data: { ...data, ref: '</script><script>alert(1)</script>' },
      title: 'refpay.done.title',
      assets,
    });
    expect(parse(html).querySelectorAll('script')).toHaveLength(2);
    expect(parse(html).documentElement.lang).toBe('fr');
  });
});
