// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { appI18n, pageMessages, renderPage, serializeWithMessages, stylesheet } from './render';
import { inlineHash } from './integrity';
import type { RenderInput } from './render';
import { createRegistry, planPayment } from '@oja/core';
import { coreMessages, mergeLocale, PAGE_DATA_ID, ROOT_ID, serializePageData } from '@oja/core';
import type { PageData } from '@oja/core';
import { plainBranding, sampleEnv, sampleProps } from '@oja/testing';
import type { PaymentProps, Registry } from '@oja/core';
import { cardFixture, channelFixture, manyChannels, transferFixture } from '@oja/testing';
import { fixtureGates, gatedProps } from '@oja/testing';

const registry = createRegistry([cardFixture, transferFixture], [plainBranding]);

function input(
  o: { path?: string; channel?: string | null; props?: Partial<PaymentProps>; locale?: 'en' | 'fr'; registry?: Registry } = {},
): RenderInput {
  const props = sampleProps(o.props);
  const reg = o.registry ?? registry;
  return {
    registry: reg,
    props,
    env: sampleEnv({ locale: o.locale ?? 'en' }),
    plan: { ...planPayment(reg, props), route: { path: o.path ?? '/payment-methods', channel: o.channel ?? null } },
    assets: { js: '/assets/main.js', css: ['/assets/main.css'], screens: {} },
  };
}

const pageData = (html: string): PageData => {
  const m = new RegExp(`<script type="application/json" id="${PAGE_DATA_ID}">(.*?)</script>`).exec(html);
  return JSON.parse(m![1]);
};

/**
 * A mark that loads a moment later, as a plugin's drawn picture does on the server, and of a real mark's size (React
 * moves out only boundaries over 500 bytes).
 */
const LateMark = () => (
  <svg aria-hidden="true" width={24} height={24}>
    <path d={'M1 1h22v22H1z'.repeat(60)} />
  </svg>
);

/** The rendered app alone (the page data also carries the strings). */
const appOf = (html: string): string => html.slice(html.indexOf(`<div id="${ROOT_ID}"`), html.indexOf(`<script type="application/json"`));

describe('renderPage', () => {
  it('renders the method list into the HTML with the data to hydrate it', async () => {
    const html = await renderPage(input());
    expect(html.startsWith('<!doctype html><html lang="en">')).toBe(true);
    expect(html).toContain('<title>Checkout</title>');
    // The root names the page's own URL, which the page's script puts in place of POST /pay at once.
    expect(html).toContain(`<div id="${ROOT_ID}" data-oja-url="/payment-methods?p=test-session">`);
    expect(html).toContain('Choose a payment method');
    expect(html).toContain('href="/payment/card?p=test-session"');
    expect(html).toContain('href="/payment/transfer?p=test-session"');
    expect(html).toContain('Cancel payment and return to Oja Demo Store');
    expect(html).toContain('<link rel="stylesheet" href="/assets/main.css">');
    expect(html).toContain('<script type="module" src="/assets/main.js"></script>');
    // rendering waits for the whole first screen (Chromium unblocks at the mark's start tag), and nothing else
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<link rel="expect" href="#oja-first-screen-end" blocking="render">');
    expect(head.match(/blocking="render"/g)).toHaveLength(1);
    const mark = html.indexOf('<template id="oja-first-screen-end"></template>');
    expect(mark).toBeGreaterThan(html.indexOf('Cancel payment and return to Oja Demo Store'));
    expect(mark).toBeLessThan(html.indexOf('<script'));
    expect(html.split('id="oja-first-screen-end"')).toHaveLength(2);
    const data = pageData(html);
    expect(data.plan.route.path).toBe('/payment-methods');
    expect(data.props.paymentId).toBe('4242001');
    expect(typeof data.serverNow).toBe('number');
  });

  it("waits for a channel's lazy screen on its route", async () => {
    const html = await renderPage(input({ path: '/payment/card', channel: 'card' }));
    expect(html).toContain('Card screen');
    expect(appOf(html)).not.toContain('Loading…');
    expect(pageData(html).plan.route.channel).toBe('card');
  });

  it('has no inline script but the JSON data block', async () => {
    const html = await renderPage(input({ props: { merchantName: 'Shop</script><script>alert(1)</script>' } }));
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts).toEqual(['<script type="module" src="/assets/main.js">', `<script type="application/json" id="${PAGE_DATA_ID}">`]);
    expect(html).not.toContain('<script>alert(1)');
    expect(pageData(html).props.merchantName).toBe('Shop</script><script>alert(1)</script>');
  });

  it('keeps a long page whole: no boundary moved out behind an inline script the policy would refuse', async () => {
    // Rows whose marks load lazily (a DrawnPicture), as an installed plugin's do: each mark's boundary suspends.
    const mark = { load: () => new Promise<{ default: typeof LateMark }>((resolve) => setTimeout(() => resolve({ default: LateMark }), 5)) };
    const channels = manyChannels(40).map((p) => ({ ...p, row: { ...p.row!, icon: mark } }));
    // The branding's logo too, drawn last in the footer: past 12,800 bytes, its boundary was the one moved out.
    const branding = { ...plainBranding, Logo: mark };
    const html = await renderPage(input({ registry: createRegistry(channels, [branding]) }));
    const app = appOf(html);
    expect(app.length).toBeGreaterThan(12_800);
    expect(app).toContain('Method 39');
    expect(html).not.toMatch(/\$R[BCVTX]\b|<div hidden id="S:/);
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts).toEqual(['<script type="module" src="/assets/main.js">', `<script type="application/json" id="${PAGE_DATA_ID}">`]);
  });

  it('renders the Incorrect Transaction screen for a refused request', async () => {
    const html = await renderPage(input({ props: { responseCode: 'Z1' } }));
    expect(html).toContain('Incorrect Transaction');
    expect(appOf(html)).not.toContain('Choose a payment method');
  });

  it('renders in French', async () => {
    const html = await renderPage(input({ locale: 'fr' }));
    expect(html.startsWith('<!doctype html><html lang="fr">')).toBe(true);
    expect(html).toContain('<title>Paiement</title>');
    expect(html).toContain('Choisissez un moyen de paiement');
    expect(html).toContain('href="/payment/card?p=test-session&amp;lang=fr"');
  });

  it("carries the initial route's strings in the payer's language only, both when the branding has the toggle", async () => {
    const en = pageData(await renderPage(input())).messages!;
    expect(Object.keys(en)).toEqual(['en']);
    expect((en.en!.core as Record<string, unknown>).title).toBe('Checkout');
    expect(en.en!.transfer).toBeDefined();
    const fr = pageData(await renderPage(input({ locale: 'fr' }))).messages!;
    expect(Object.keys(fr)).toEqual(['fr']);
    expect((fr.fr!.core as Record<string, unknown>).title).toBe('Paiement');
    const toggling = createRegistry([cardFixture, transferFixture], [plainBranding, { ...plainBranding, acquirer: 'MUL', languageToggle: true }]);
    const both = pageData(await renderPage(input({ props: { acquiredBy: 'MUL' }, registry: toggling }))).messages!;
    expect(Object.keys(both).sort()).toEqual(['en', 'fr']);
  });

  it('carries the strings of the channels the payment offers and of the branding it shows, not of every one installed', async () => {
    const other = { ...plainBranding, acquirer: 'ZZZ', messages: { en: { zzz: { name: 'Zed Bank' } }, fr: { zzz: { name: 'Banque Zed' } } } };
    const qr = channelFixture('qr', 'QR');
    const two = createRegistry([cardFixture, transferFixture, qr], [plainBranding, other]);
    const both = pageData(await renderPage(input({ registry: two }))).messages!.en!;
    expect(both.card).toBeDefined();
    expect(both.transfer).toBeDefined();
    expect(both.qr).toBeUndefined();
    expect(both.zzz).toBeUndefined();
    const withQr = { paymentChannels: ['CARD', 'TRANSFER', 'QR'] };
    expect(pageData(await renderPage(input({ props: withQr, registry: two }))).messages!.en!.qr).toEqual({ t: 'qr' });
    const zed = pageData(await renderPage(input({ props: { acquiredBy: 'ZZZ' }, registry: two }))).messages!.en!;
    expect(zed.zzz).toEqual({ name: 'Zed Bank' });
  });

  it('gives every script, preload and stylesheet its integrity, and puts the import map before any module, after the first screen', async () => {
    const sri = {
      '/assets/main.js': 'sha256-main',
      '/assets/main.css': 'sha256-css',
      '/assets/card.js': 'sha256-card',
      '/assets/card.css': 'sha256-cardcss',
    };
    const html = await renderPage({
      ...input({ path: '/payment/card', channel: 'card' }),
      assets: {
        js: '/assets/main.js',
        css: ['/assets/main.css'],
        screens: { card: { js: '/assets/card.js', css: '/assets/card.css' } },
        integrity: sri,
      },
      importMap: '{"integrity":{"/assets/main.js":"sha256-main"}}',
    });
    const head = html.slice(0, html.indexOf('</head>'));
    const body = html.slice(html.indexOf('<body>'));
    expect(head).toContain('<link rel="stylesheet" href="/assets/main.css" integrity="sha256-css" crossorigin="anonymous">');
    expect(head).toContain('<link rel="stylesheet" href="/assets/card.css" integrity="sha256-cardcss" crossorigin="anonymous">');
    // No module tag before the import map; the screen's module is asked for after it.
    expect(head).not.toContain('<script');
    expect(head).not.toContain('modulepreload');
    expect(head).not.toContain('card.js');
    expect(body).toContain('<link rel="modulepreload" href="/assets/card.js" integrity="sha256-card" crossorigin="anonymous">');
    // The first screen's markup comes before the scripts' bytes (the import map's hashes do not compress).
    expect(body.indexOf('Card screen')).toBeLessThan(body.indexOf('type="importmap"'));
    expect(body).toContain('<script type="importmap">{"integrity":{"/assets/main.js":"sha256-main"}}</script>');
    expect(body.indexOf('type="importmap"')).toBeLessThan(body.indexOf('type="module"'));
    expect(body).toContain('<script type="module" src="/assets/main.js" integrity="sha256-main" crossorigin="anonymous"></script>');
  });

  it("asks for the first screen's modules after the import map, from a script its CSP hash admits", async () => {
    const scriptHashes: string[] = [];
    const html = await renderPage({
      ...input({ path: '/payment/card', channel: 'card' }),
      assets: {
        js: '/assets/main.js',
        css: [],
        entryModules: ['/assets/main.js', '/assets/chunk-A.js'],
        screens: { card: { js: '/assets/card.js', css: '', preload: ['/assets/card.js', '/assets/chunk-B.js', '/assets/chunk-A.js'] } },
        integrity: { '/assets/chunk-B.js': 'sha256-b' },
      },
      importMap: '{"integrity":{"/assets/chunk-B.js":"sha256-b"}}',
      scriptHashes,
    });
    const head = html.slice(0, html.indexOf('</head>'));
    const body = html.slice(html.indexOf('<body>'));
    // The preload scanner fetches every module link before the parser starts: of the screen's, none is in the HTML.
    expect(html).not.toMatch(/<link rel="modulepreload" href="\/assets\/(card|chunk-B)\.js"/);
    expect(head).not.toContain('card.js');
    const text =
      '{const r=document.getElementById("oja-root"),u=r&&r.dataset.ojaUrl;if(u&&location.pathname+location.search!==u)history.replaceState(null,"",u);' +
      'let d=0;const a=(e,i)=>{if(i){e.integrity=i;e.crossOrigin="anonymous"}return e},' +
      'p=(h,i)=>{const l=a(document.createElement("link"),i);l.rel="modulepreload";l.href=h;document.head.append(l)},' +
      'g=()=>{if(d)return;d=1;document.documentElement.setAttribute("data-oja-later","");for(const[h,i]of[["/assets/chunk-A.js",""]])p(h,i);' +
      'const s=a(document.createElement("script"),"");s.type="module";s.src="/assets/main.js";document.body.append(s);' +
      'for(const[h,i]of[["/assets/card.js",""],["/assets/chunk-B.js","sha256-b"]])p(h,i)};' +
      'document.hidden?g():(requestAnimationFrame(()=>setTimeout(g)),setTimeout(g,250))}';
    const script = `<script type="module">${text}</script>`;
    expect(body).toContain(script);
    expect(scriptHashes).toEqual([inlineHash(text)]);
    expect(body.indexOf('Card screen')).toBeLessThan(body.indexOf(script));
    expect(body.indexOf('type="importmap"')).toBeLessThan(body.indexOf(script));
    // The entry too: no script of the page is fetched before its first frame.
    expect(html).not.toContain('<script type="module" src="/assets/main.js"');
    // A module of the initial route is asked for once.
    expect(html.match(/chunk-A\.js/g)).toHaveLength(1);
  });

  it("draws what follows the first screen's end only once the script has run, and only when it can run", async () => {
    const rule = '@media (scripting:enabled){:root:not([data-oja-later]) #oja-first-screen-end~*{display:none}}';
    const styleHashes: string[] = [];
    const scriptHashes: string[] = [];
    const html = await renderPage({ ...input(), assets: { js: '/assets/main.js', css: [], screens: {} }, styleHashes, scriptHashes });
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain(`<style>${rule}</style>`);
    expect(styleHashes).toContain(inlineHash(rule));
    // The script that shows it sets the attribute first thing, and its hash is in the policy's list.
    const text = /<script type="module">(.*?)<\/script>/s.exec(html)![1];
    expect(text).toContain('g=()=>{if(d)return;d=1;document.documentElement.setAttribute("data-oja-later","");');
    expect(scriptHashes).toContain(inlineHash(text));
    // Without a place for the script's hash there is no script: nothing is hidden.
    const plain = await renderPage({ ...input(), assets: { js: '/assets/main.js', css: [], screens: {} }, styleHashes: [] });
    expect(plain).not.toContain(rule);
    expect(await renderPage({ ...input(), assets: { js: '/assets/main.js', css: [], screens: {} }, scriptHashes: [] })).not.toContain(rule);
  });

  it("runs the script's list as data: nothing in a module's name closes the element", async () => {
    const scriptHashes: string[] = [];
    const html = await renderPage({
      ...input({ path: '/payment/card', channel: 'card' }),
      assets: { js: '/assets/main.js', css: [], screens: { card: { js: '/assets/card</script>.js', css: '' } } },
      scriptHashes,
    });
    expect(html).not.toContain('card</script>');
    expect(html).toContain('"/assets/card\\u003c/script>.js"');
  });

  it('links the modules as modulepreloads when no place for a script hash is given', async () => {
    const html = await renderPage({
      ...input({ path: '/payment/card', channel: 'card' }),
      assets: { js: '/assets/main.js', css: [], screens: { card: { js: '/assets/card.js', css: '' } } },
    });
    const body = html.slice(html.indexOf('<body>'));
    expect(body).toContain('<link rel="modulepreload" href="/assets/card.js">');
    expect(body).not.toContain('<script type="module">');
  });

  it("links the initial route's chunk as a module (compiled as it streams in) right after the import map, not a round trip after the entry; the entry by its own tag", async () => {
    const html = await renderPage({
      ...input(),
      assets: {
        js: '/assets/main.js',
        css: [],
        screens: {},
        entryModules: ['/assets/main.js', '/assets/chunk-A.js'],
        integrity: { '/assets/chunk-A.js': 'sha256-a' },
      },
      importMap: '{"integrity":{"/assets/chunk-A.js":"sha256-a"}}',
    });
    const head = html.slice(0, html.indexOf('</head>'));
    const link = '<link rel="modulepreload" href="/assets/chunk-A.js" integrity="sha256-a" crossorigin="anonymous">';
    expect(head).not.toContain('chunk-A.js');
    expect(head).not.toContain('main.js');
    // After the import map (a module fetch before it makes older browsers drop the map), before the entry.
    expect(html.indexOf('type="importmap"')).toBeLessThan(html.indexOf(link));
    expect(html.indexOf(link)).toBeLessThan(html.indexOf('<script type="module" src="/assets/main.js"'));
    expect(html.match(/href="\/assets\/main\.js"|src="\/assets\/main\.js"/g)).toHaveLength(1);
  });

  it('puts the stylesheets the server read inline, named by data-href, and hands their CSP hashes back', async () => {
    const styleHashes: string[] = [];
    const css = '.a{color:red}';
    const html = await renderPage({
      ...input({ path: '/payment/card', channel: 'card' }),
      assets: {
        js: '/assets/main.js',
        css: ['/assets/main.css'],
        screens: { card: { js: '/assets/card.js', css: '/assets/card.css' } },
        inlineCss: { '/assets/main.css': css, '/assets/card.css': '.b{color:blue}' },
        integrity: { '/assets/main.css': 'sha256-css' },
      },
      styleHashes,
    });
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain(`<style data-href="/assets/main.css">${css}</style><style data-href="/assets/card.css">.b{color:blue}</style>`);
    expect(head).not.toContain('rel="stylesheet"');
    expect(styleHashes).toEqual([inlineHash(css), inlineHash('.b{color:blue}')]);
  });

  it('links a stylesheet it cannot inline: no text, no place for the hashes, or text that would close the element', async () => {
    const assets = { js: '/assets/main.js', css: ['/assets/main.css', '/assets/x.css'], screens: {}, inlineCss: { '/assets/x.css': 'a{}</style>' } };
    const styleHashes: string[] = [];
    const html = await renderPage({ ...input(), assets, styleHashes });
    expect(html).toContain('<link rel="stylesheet" href="/assets/main.css">');
    expect(html).toContain('<link rel="stylesheet" href="/assets/x.css">');
    expect(styleHashes).toEqual([]);
    const without = await renderPage({ ...input(), assets: { ...assets, inlineCss: { '/assets/main.css': 'a{}' } } });
    expect(without).toContain('<link rel="stylesheet" href="/assets/main.css">');
  });

  describe('with gates', () => {
    const gated = createRegistry([cardFixture, transferFixture], [plainBranding], { gates: fixtureGates });
    const terms = { escrowFee: 2, cancellationPeriod: 3, refundDuration: 7 };

    it('renders the first pending gate as the first screen, before the method list', async () => {
      const html = await renderPage(input({ props: gatedProps, registry: gated }));
      const app = appOf(html);
      expect(app).toContain('An offer for you');
      expect(app).not.toContain('Choose a payment method');
      expect(app).toContain('<header');
      expect(pageData(html).gates).toEqual({});
    });

    it('renders a gate before the channel the route names, and without the header when the gate hides it', async () => {
      const html = await renderPage(input({ path: '/payment/card', channel: null, props: terms, registry: gated }));
      const app = appOf(html);
      expect(app).toContain('Terms before paying');
      expect(app).not.toContain('Card screen');
      expect(app).not.toContain('<header');
    });

    it("links the gate screen's stylesheet and preloads its script", async () => {
      const assets = {
        js: '/assets/main.js',
        css: ['/assets/main.css'],
        screens: { 'gate-terms': { js: '/assets/gate-terms.js', css: '/assets/gate-terms.css' } },
      };
      const html = await renderPage({ ...input({ props: terms, registry: gated }), assets });
      expect(html).toContain('<link rel="stylesheet" href="/assets/gate-terms.css">');
      expect(html).toContain('<link rel="modulepreload" href="/assets/gate-terms.js">');
    });

    it('skips the gates the session passed, and hands their decisions to the browser', async () => {
      const html = await renderPage({ ...input({ props: gatedProps, registry: gated }), gates: { offer: 'skipped', terms: 'accepted' } });
      expect(appOf(html)).toContain('Choose a payment method');
      expect(pageData(html).gates).toEqual({ offer: 'skipped', terms: 'accepted' });
    });

    it("carries a gate's strings only for a payment that still has to pass it", async () => {
      const plain = pageData(await renderPage(input({ registry: gated }))).messages!.en!;
      expect(plain.offer).toBeUndefined();
      expect(plain.terms).toBeUndefined();
      const withTerms = pageData(await renderPage(input({ props: terms, registry: gated }))).messages!.en!;
      expect(withTerms.terms).toEqual({ title: 'Terms before paying', accept: 'Continue to payment' });
      expect(withTerms.offer).toBeUndefined();
      const passed = pageData(await renderPage({ ...input({ props: terms }), registry: gated, gates: { terms: 'accepted' } })).messages!.en!;
      expect(passed.terms).toBeUndefined();
    });
  });
});

describe("a page's strings and translator, made once", () => {
  const bundles = [coreMessages, cardFixture.messages, plainBranding.messages];

  it('merges the same bundles in the same languages once, and the text is what serializing them gives', () => {
    const first = pageMessages(bundles, ['en']);
    expect(pageMessages([...bundles], ['en'])).toBe(first);
    expect(first.messages).toEqual({ en: mergeLocale(bundles, 'en') });
    expect(first.json).toBe(serializePageData(first.messages as never));
  });

  it('merges other bundles or other languages apart', () => {
    const first = pageMessages(bundles, ['en']);
    expect(pageMessages(bundles, ['fr'])).not.toBe(first);
    expect(pageMessages(bundles, ['fr']).messages).toEqual({ fr: mergeLocale(bundles, 'fr') });
    expect(pageMessages(bundles, ['en', 'fr'])).not.toBe(first);
    const others = [coreMessages, transferFixture.messages, plainBranding.messages];
    expect(pageMessages(others, ['en'])).not.toBe(first);
    expect(pageMessages(others, ['en']).messages).toEqual({ en: mergeLocale(others, 'en') });
  });

  it('serializes page data with its messages spliced in as serializing the whole would', () => {
    const { messages, json } = pageMessages(bundles, ['en', 'fr']);
    const data = { props: sampleProps({ merchantName: '</script><b>"Ada" \u2028' }), env: sampleEnv(), serverNow: 1, referrer: undefined };
    expect(serializeWithMessages(data as never, json)).toBe(serializePageData({ ...data, messages } as never));
  });

  it("shares the shell's translator per registry and language, never across them", () => {
    const en = appI18n(registry, 'en');
    expect(appI18n(registry, 'en')).toBe(en);
    expect(appI18n(registry, 'fr')).not.toBe(en);
    expect(appI18n(registry, 'fr').locale).toBe('fr');
    expect(appI18n(createRegistry([cardFixture], [plainBranding]), 'en')).not.toBe(en);
  });

  it('renders the same page with the shared translator, in each language', async () => {
    const en = await renderPage(input());
    expect(appOf(await renderPage(input()))).toBe(appOf(en));
    const fr = await renderPage(input({ locale: 'fr' }));
    expect(fr).toContain('<html lang="fr">');
    expect(appOf(fr)).not.toBe(appOf(en));
    expect(appOf(fr)).toContain('Choisissez');
    expect(appOf(await renderPage(input({ locale: 'fr' })))).toBe(appOf(fr));
  });
});

describe('stylesheet', () => {
  it("hashes a build's inline stylesheet once, and another build's text apart", () => {
    const build = { inlineCss: { '/assets/main.css': 'a{color:red}' } };
    const hashes: string[] = [];
    stylesheet(build, '/assets/main.css', hashes);
    stylesheet(build, '/assets/main.css', hashes);
    stylesheet({ inlineCss: { '/assets/main.css': 'a{color:blue}' } }, '/assets/main.css', hashes);
    expect(hashes).toEqual([inlineHash('a{color:red}'), inlineHash('a{color:red}'), inlineHash('a{color:blue}')]);
  });
});
