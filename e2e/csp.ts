// Content-Security-Policy violations a page reports, for tests that must see none.
import type { Page } from 'playwright-core';

/** Records every CSP violation the page (and its reloads) reports, from inside the page and from its console. */
export async function watchCspViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.exposeFunction('__ojaCspViolation', (v: string) => void seen.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __ojaCspViolation(v: string): void }).__ojaCspViolation(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) seen.push(m.text());
  });
  return seen;
}
