import { SUCCESS_SHOWN_MS } from '@oja/sdk';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  buildResult,
  completionStep,
  embedder,
  EXPIRED_CANCELLED_WAIT_MS,
  markOnce,
  MESSAGE_KEY,
  postToMerchant,
  submitResultForm,
} from './completion';
import { createRegistry } from '../validation';
import { FIXTURE_DONE_PATH, fixturePage, plainBranding } from '@oja/testing';
import type { MerchantResult } from './completion';
import { sampleProps } from '@oja/testing';

const CONTRACT_FIELDS = ['payRef', 'txnref', 'amount', 'apprAmt', 'resp', 'desc', 'retRef', 'cardNum', 'mac', 'bpResp', 'bpTrxnRef', 'rechPin'];

afterEach(() => {
  document.body.innerHTML = '';
  sessionStorage.clear();
  vi.restoreAllMocks();
});

describe('buildResult (CONTRACT §3)', () => {
  const props = sampleProps({ merchantTransactionReference: 'TXN-77', checkoutAmount: 150400 });

  it('has exactly the contract fields, all strings', () => {
    const r = buildResult(props, { responseCode: '00' });
    expect(Object.keys(r).sort()).toEqual([...CONTRACT_FIELDS].sort());
    for (const v of Object.values(r)) expect(typeof v).toBe('string');
  });

  it('fills the fields from a successful response', () => {
    const r = buildResult(props, {
      responseCode: '00',
      responseDescription: 'Approved by Financial Institution',
      paymentReference: 'FBN|WEB|MX_DEMO|01-01-2030|123',
      retrievalReferenceNumber: '000111222333',
      amount: 150400,
      bpResp: 'BP00',
      bpTrxnRef: 'BPT-1',
      rechPin: '1234-5678',
      cardNumber: '506105******7864',
      mac: 'should-not-pass',
    });
    expect(r).toEqual({
      payRef: 'FBN|WEB|MX_DEMO|01-01-2030|123',
      txnref: 'TXN-77',
      amount: '150400',
      apprAmt: '150400',
      resp: '00',
      desc: 'Approved by Financial Institution',
      retRef: '000111222333',
      cardNum: '',
      mac: '',
      bpResp: 'BP00',
      bpTrxnRef: 'BPT-1',
      rechPin: '1234-5678',
    } satisfies MerchantResult);
  });

  it('approves the checkout amount when the response names none', () => {
    expect(buildResult(props, { responseCode: '00' }).amount).toBe('150400');
    expect(buildResult(props, { responseCode: '00' }).apprAmt).toBe('150400');
  });

  it('approves nothing for a result that is not a success', () => {
    for (const code of ['Z6', 'XS1', '51', '09']) {
      const r = buildResult(props, { responseCode: code, amount: 150400 });
      expect([r.resp, r.amount, r.apprAmt]).toEqual([code, '0', '0']);
    }
  });

  it('leaves missing fields empty, never "undefined" or "null"', () => {
    const r = buildResult(props, { responseCode: 'Z6', paymentReference: null });
    expect(r).toMatchObject({ payRef: '', desc: '', retRef: '', bpResp: '', bpTrxnRef: '', rechPin: '', cardNum: '', mac: '' });
  });
});

describe('completionStep (spec core §4)', () => {
  const props = { siteRedirectUrl: 'https://shop.example/return' };

  it('waits 2 s for expired and cancelled, then delivers', () => {
    expect(EXPIRED_CANCELLED_WAIT_MS).toBe(2_000);
    expect(completionStep(props, 'XS1')).toEqual({ kind: 'deliver', waitMs: 2_000 });
    expect(completionStep(props, 'Z6')).toEqual({ kind: 'deliver', waitMs: 2_000 });
  });

  it('sends a success at once in INLINE and POPUP (the SDK keeps it on screen); a REDIRECT shows it SUCCESS_SHOWN_MS first', () => {
    expect(completionStep(props, '00')).toEqual({ kind: 'deliver', waitMs: 0 });
    expect(completionStep({ ...props, displayMode: 'INLINE' }, '00')).toEqual({ kind: 'deliver', waitMs: 0 });
    expect(completionStep({ ...props, displayMode: 'REDIRECT' }, '00')).toEqual({ kind: 'deliver', waitMs: SUCCESS_SHOWN_MS });
    // A channel's own success view keeps its own timing.
    expect(completionStep({ ...props, displayMode: 'REDIRECT' }, '00', undefined, 5_000)).toEqual({ kind: 'deliver', waitMs: 5_000 });
    expect(completionStep({ ...props, displayMode: 'REDIRECT' }, 'Z6')).toEqual({ kind: 'deliver', waitMs: 2_000 });
  });

  it('delays a success the channel shows itself by its wait (ChannelPlugin.successView), and nothing else', () => {
    expect(completionStep(props, '00', undefined, 5_000)).toEqual({ kind: 'deliver', waitMs: 5_000 });
    expect(completionStep(props, 'Z6', undefined, 5_000)).toEqual({ kind: 'deliver', waitMs: 2_000 });
    expect(completionStep(props, '51', undefined, 5_000)).toEqual({ kind: 'none' });
  });

  describe('a payment a page of the checkout opened (PagePlugin.completionPath)', () => {
    const registry = createRegistry([], [plainBranding], { pages: [fixturePage] });
    const pages = { registry, checkoutOrigin: 'https://checkout.example' };
    const own = { siteRedirectUrl: `https://checkout.example${FIXTURE_DONE_PATH}` };

    it("goes to the page's completion path on success, instead of the merchant", () => {
      expect(completionStep(own, '00', pages)).toEqual({ kind: 'page', path: FIXTURE_DONE_PATH });
      expect(completionStep({ siteRedirectUrl: `${own.siteRedirectUrl}?from=bill` }, '00', pages)).toEqual({ kind: 'page', path: FIXTURE_DONE_PATH });
    });

    it('delivers its other results as a merchant receives them', () => {
      expect(completionStep(own, 'Z6', pages)).toEqual({ kind: 'deliver', waitMs: 2_000 });
      expect(completionStep(own, 'XS1', pages)).toEqual({ kind: 'deliver', waitMs: 2_000 });
      for (const code of ['09', '51', 'Z8']) expect(completionStep(own, code, pages), code).toEqual({ kind: 'none' });
    });

    it('leaves every other payment unchanged: another origin, another path, a page without a completion path', () => {
      for (const siteRedirectUrl of [
        `https://shop.example${FIXTURE_DONE_PATH}`,
        `http://checkout.example${FIXTURE_DONE_PATH}`,
        'https://checkout.example/refpay',
        'https://checkout.example/refpay-done/more',
        'https://shop.example/revpay-success',
        'not a url',
      ]) {
        expect(completionStep({ siteRedirectUrl }, '00', pages), siteRedirectUrl).toEqual({ kind: 'deliver', waitMs: 0 });
      }
      expect(completionStep(own, '00')).toEqual({ kind: 'deliver', waitMs: 0 });
      const home = createRegistry([], [plainBranding], { pages: [{ ...fixturePage, completionPath: undefined }] });
      expect(completionStep(own, '00', { registry: home, checkoutOrigin: 'https://checkout.example' })).toEqual({ kind: 'deliver', waitMs: 0 });
    });
  });

  it('does nothing for the other codes', () => {
    for (const code of ['09', 'S0', '51', 'Z8', '', '01']) expect(completionStep(props, code), code).toEqual({ kind: 'none' });
  });
});

describe('postToMerchant', () => {
  it('posts the envelope to the declared origin only', () => {
    const target = { postMessage: vi.fn() };
    expect(postToMerchant(target, 'https://shop.example', 'COMPLETED', { resp: '00' })).toBe(true);
    expect(target.postMessage).toHaveBeenCalledTimes(1);
    expect(target.postMessage).toHaveBeenCalledWith({ key: MESSAGE_KEY, messageType: 'COMPLETED', data: { resp: '00' } }, 'https://shop.example');
  });

  it('sends INITIALIZED with empty data', () => {
    const target = { postMessage: vi.fn() };
    postToMerchant(target, 'https://shop.example', 'INITIALIZED');
    expect(target.postMessage).toHaveBeenCalledWith({ key: MESSAGE_KEY, messageType: 'INITIALIZED', data: {} }, 'https://shop.example');
  });

  it.each(['*', '', 'null'])('never posts to %j', (origin) => {
    const target = { postMessage: vi.fn() };
    expect(postToMerchant(target, origin, 'COMPLETED', {})).toBe(false);
    expect(target.postMessage).not.toHaveBeenCalled();
  });

  it('sends nothing without a window to send to', () => {
    expect(postToMerchant(null, 'https://shop.example', 'COMPLETED')).toBe(false);
  });
});

describe('embedder', () => {
  it('is the parent of a framed page', () => {
    const parent = { postMessage: vi.fn() };
    expect(embedder({ parent, opener: null } as unknown as Window)).toBe(parent);
  });

  it('is the opener of a popup', () => {
    const opener = { postMessage: vi.fn() };
    const win = { opener } as unknown as Window & { parent: unknown };
    win.parent = win;
    expect(embedder(win)).toBe(opener);
  });

  it('is nobody for a top-level page', () => {
    const win = { opener: null } as unknown as Window & { parent: unknown };
    win.parent = win;
    expect(embedder(win)).toBeNull();
    expect(embedder()).toBeNull();
  });
});

describe('submitResultForm', () => {
  const result = buildResult(sampleProps(), { responseCode: '00', paymentReference: 'PR-1', responseDescription: 'Approved & done "ok"' });

  it('POSTs a hidden form with every field to the redirect url', () => {
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
    expect(submitResultForm(document, 'https://shop.example/return?order=9', result)).toBe(true);
    expect(submit).toHaveBeenCalledTimes(1);
    const form = submit.mock.contexts[0] as HTMLFormElement;
    expect(form.isConnected).toBe(true);
    expect(form.getAttribute('method')?.toUpperCase()).toBe('POST');
    expect(form.getAttribute('action')).toBe('https://shop.example/return?order=9');
    expect(form.hidden).toBe(true);
    const fields = Object.fromEntries([...form.querySelectorAll('input')].map((i) => [i.name, i.value]));
    expect(fields).toEqual({ ...result });
    for (const input of form.querySelectorAll('input')) expect(input.type).toBe('hidden');
    // No enctype set: the form default, application/x-www-form-urlencoded (CONTRACT §3).
    expect(form.getAttribute('enctype')).toBeNull();
  });

  it.each([
    'javascript:alert(document.cookie)',
    'JavaScript:alert(1)',
    'data:text/html,x',
    'vbscript:x',
    'ftp://shop.example/',
    '/return',
    'return',
    '//shop.example/return',
    '',
    'not a url',
  ])('refuses %j and builds nothing', (url) => {
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
    expect(submitResultForm(document, url, result)).toBe(false);
    expect(submit).not.toHaveBeenCalled();
    expect(document.querySelector('form')).toBeNull();
  });
});

describe('markOnce', () => {
  it('is true the first time and false after, per kind and payment', () => {
    expect(markOnce('completed', 'P1')).toBe(true);
    expect(markOnce('completed', 'P1')).toBe(false);
    expect(markOnce('initialized', 'P1')).toBe(true);
    expect(markOnce('completed', 'P2')).toBe(true);
  });

  it('remembers in the storage it is given', () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) } as Storage;
    expect(markOnce('completed', 'P9', storage)).toBe(true);
    expect(store.size).toBe(1);
    expect(markOnce('completed', 'P9', storage)).toBe(false);
  });

  it('still answers true when storage throws', () => {
    const refusing = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    } as unknown as Storage;
    expect(markOnce('completed', 'P1', refusing)).toBe(true);
  });

  it('still answers true when storage is full', () => {
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    } as unknown as Storage;
    expect(markOnce('completed', 'P1', full)).toBe(true);
  });
});
