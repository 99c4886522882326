import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, CSP_REPORT_PATH, pageHeaders } from './headers';

/** The CSP as a map of directive -> sources. */
function directives(csp: string): Record<string, string[]> {
  return Object.fromEntries(
    csp
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const [name, ...sources] = d.split(/\s+/);
        return [name, sources];
      }),
  );
}

const merchant = 'https://shop.example';

describe('contentSecurityPolicy', () => {
  it.each(['REDIRECT', 'INLINE', 'POPUP'] as const)('allows no inline script and no eval (%s)', (displayMode) => {
    const d = directives(contentSecurityPolicy({ displayMode, siteOrigin: merchant }));
    expect(d['script-src']).toEqual(["'self'"]);
    expect(d['default-src']).toEqual(["'none'"]);
    expect(d['object-src']).toEqual(["'none'"]);
    expect(d['base-uri']).toEqual(["'none'"]);
    const whole = contentSecurityPolicy({ displayMode, siteOrigin: merchant });
    expect(whole).not.toContain("'unsafe-inline'");
    expect(whole).not.toContain("'unsafe-eval'");
  });

  it('lets only the declared origin frame an INLINE page', () => {
    expect(directives(contentSecurityPolicy({ displayMode: 'INLINE', siteOrigin: merchant }))['frame-ancestors']).toEqual([merchant]);
  });

  it.each(['REDIRECT', 'POPUP'] as const)('lets nobody frame a %s page', (displayMode) => {
    expect(directives(contentSecurityPolicy({ displayMode, siteOrigin: merchant }))['frame-ancestors']).toEqual(["'none'"]);
  });

  it('lets nobody frame an INLINE page without a declared origin', () => {
    expect(directives(contentSecurityPolicy({ displayMode: 'INLINE', siteOrigin: '' }))['frame-ancestors']).toEqual(["'none'"]);
  });

  it('lets the form POST go to the merchant origin', () => {
    const d = directives(contentSecurityPolicy({ displayMode: 'REDIRECT', siteOrigin: merchant }));
    expect(d['form-action']).toEqual(["'self'", merchant]);
  });

  it('refuses an origin that would inject directives', () => {
    for (const siteOrigin of ["https://a.example; script-src 'unsafe-inline'", 'https://a.example *', 'javascript:alert(1)', '*']) {
      const csp = contentSecurityPolicy({ displayMode: 'INLINE', siteOrigin });
      const d = directives(csp);
      expect(d['frame-ancestors'], siteOrigin).toEqual(["'none'"]);
      expect(d['form-action'], siteOrigin).toEqual(["'self'"]);
      expect(d['script-src']).toEqual(["'self'"]);
      expect(csp).not.toContain('unsafe-inline');
    }
  });

  it('adds the API origin and the outside sources by directive', () => {
    const d = directives(
      contentSecurityPolicy({
        displayMode: 'REDIRECT',
        siteOrigin: merchant,
        apiOrigin: 'https://api.example',
        sources: {
          frame: ['https://acs.bank.example'],
          script: ['https://fp.example'],
          connect: ['https://pay.example'],
          img: ['http://127.0.0.1:4402', 'https:'],
        },
      }),
    );
    expect(d['connect-src']).toEqual(["'self'", 'https://api.example', 'https://pay.example']);
    expect(d['frame-src']).toEqual(["'self'", 'https://acs.bank.example']);
    expect(d['script-src']).toEqual(["'self'", 'https://fp.example']);
    expect(d['img-src']).toEqual(["'self'", 'data:', 'https:', 'http://127.0.0.1:4402']);
  });

  it('adds the import map hash, and nothing that is not a hash', () => {
    const hash = 'sha256-3q2+7w==';
    const d = directives(
      contentSecurityPolicy({ displayMode: 'REDIRECT', siteOrigin: merchant, scriptHashes: [hash, "x' 'unsafe-inline", 'sha256-a b'] }),
    );
    expect(d['script-src']).toEqual(["'self'", `'${hash}'`]);
  });

  it('allows the inline stylesheets by their hash, and nothing that is not a hash', () => {
    const hash = 'sha256-3q2+7w==';
    const d = directives(contentSecurityPolicy({ displayMode: 'REDIRECT', siteOrigin: merchant, styleHashes: [hash, "'unsafe-inline'"] }));
    expect(d['style-src']).toEqual(["'self'", `'${hash}'`]);
    expect(directives(contentSecurityPolicy({ displayMode: 'REDIRECT', siteOrigin: merchant }))['style-src']).toEqual(["'self'"]);
  });

  it('drops an outside source that would inject directives or keywords', () => {
    const csp = contentSecurityPolicy({
      displayMode: 'REDIRECT',
      siteOrigin: merchant,
      sources: { script: ["https://a.example; script-src 'unsafe-inline'", "'unsafe-eval'", 'https://b.example'] },
    });
    expect(directives(csp)['script-src']).toEqual(["'self'", 'https://b.example']);
    expect(csp).not.toContain('unsafe');
  });

  it('reports violations to the checkout, at once (report-uri; no report-to, which Chromium batches)', () => {
    const d = directives(contentSecurityPolicy({ displayMode: 'REDIRECT', siteOrigin: merchant }));
    expect(d['report-uri']).toEqual([CSP_REPORT_PATH]);
    expect(d['report-to']).toBeUndefined();
  });

  it('reports nowhere when told so, or when the path is not a plain path', () => {
    for (const reportPath of ['', 'https://evil.example/r', '/r; script-src *']) {
      const csp = contentSecurityPolicy({ displayMode: 'REDIRECT', siteOrigin: merchant, reportPath });
      expect(csp, reportPath).not.toContain('report-');
    }
  });
});

describe('pageHeaders', () => {
  it('never lets a page be cached and carries the CSP', () => {
    const h = pageHeaders({ displayMode: 'REDIRECT', siteOrigin: merchant });
    expect(h['cache-control']).toBe('no-store');
    expect(h['content-type']).toBe('text/html; charset=utf-8');
    expect(h['x-content-type-options']).toBe('nosniff');
    expect(h['content-security-policy']).toBe(contentSecurityPolicy({ displayMode: 'REDIRECT', siteOrigin: merchant }));
  });

  it('sends no opener policy: a POPUP keeps window.opener (it posts COMPLETED to it), no page costs a new renderer', () => {
    for (const displayMode of ['POPUP', 'REDIRECT', 'INLINE'] as const)
      expect(pageHeaders({ displayMode, siteOrigin: merchant })).not.toHaveProperty('cross-origin-opener-policy');
  });
});
