import { describe, expect, it } from 'vitest';
import { serializePageData } from './pageData';
import type { PageData } from './pageData';
import { sampleEnv, sampleProps } from '@oja/testing';

const data = (merchantName: string): PageData => ({
  props: sampleProps({ merchantName }),
  env: sampleEnv(),
  plan: { available: ['card'], routed: ['card'], autoOpen: null, gates: [], route: { path: '/payment-methods', channel: null } },
  serverNow: 1_900_000_000_000,
});

describe('serializePageData', () => {
  it('round-trips through JSON.parse', () => {
    const d = data('Oja Demo Store');
    expect(JSON.parse(serializePageData(d))).toEqual(d);
  });

  it('cannot close its <script> block or open a comment', () => {
    const hostile = 'Shop</script><script>alert(1)</script><!-- \u2028\u2029';
    const text = serializePageData(data(hostile));
    expect(text).not.toMatch(/<\/script/i);
    expect(text).not.toContain('<!--');
    expect(text).not.toContain('<');
    expect(text).not.toContain('>');
    expect(text).not.toContain('\u2028');
    expect(text).not.toContain('\u2029');
    expect(JSON.parse(text).props.merchantName).toBe(hostile);
  });
});
