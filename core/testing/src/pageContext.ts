import type { PageContext, PageRequest } from '@oja/core';
import { fakeHttp } from './fixtures';

/**
 * A page's context for unit tests of its `serve` without a server: a GET of `path` in English, no payment, the
 * sandbox off, an HTTP client that answers nothing, and an openPayment that refuses. Override what the test is about.
 */
export function testPageContext<S = unknown>(o: Partial<Omit<PageContext<S>, 'request'>> & { request?: Partial<PageRequest> } = {}): PageContext<S> {
  const { request, ...rest } = o;
  return {
    request: { method: 'GET', path: '/', query: new URLSearchParams(), body: {}, ...request },
    locale: 'en',
    sandbox: false,
    http: fakeHttp({}),
    selfUrl: (path) => new URL(path, 'https://checkout.example').href,
    openPayment: async () => ({ opened: false, reason: 'unreachable', responseCode: '', responseDescription: 'no API in this test' }),
    ...rest,
  };
}
