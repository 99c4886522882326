import { describe, expect, it } from 'vitest';
import { scriptBases } from './bases';

function script(src: string, data: Record<string, string> = {}) {
  const s = document.createElement('script');
  s.src = src;
  Object.assign(s.dataset, data);
  return s;
}

describe('scriptBases', () => {
  it('is the script’s own origin for the mode it was served for', () => {
    expect(scriptBases(script('http://127.0.0.1:4400/inline-checkout.js'), 'TEST')).toEqual({ TEST: 'http://127.0.0.1:4400' });
    expect(scriptBases(script('https://checkout.example/inline-checkout.js'), 'LIVE')).toEqual({ LIVE: 'https://checkout.example' });
  });

  it('takes either base from the tag’s data- attributes', () => {
    const s = script('https://checkout.example/inline-checkout.js', { testBase: 'https://sandbox.example/x', liveBase: 'javascript:alert(1)' });
    expect(scriptBases(s, 'LIVE')).toEqual({ TEST: 'https://sandbox.example', LIVE: 'https://checkout.example' });
  });

  it('knows no base from a file the checkout did not serve, or without a script', () => {
    expect(scriptBases(script('https://cdn.example/inline-checkout.js'), '__OJA_SERVED_MODE__')).toEqual({});
    expect(scriptBases(null, 'TEST')).toEqual({});
  });
});
