import { describe, expect, it } from 'vitest';
import { loadOutsideScript } from './outsideScript';

/** A document whose head loads nothing: the test fires load and error itself. */
const doc = document.implementation.createHTMLDocument('scripts');
// Its head is a detached element: what is appended there is in no document, so nothing loads.
Object.defineProperty(doc, 'head', { value: document.createElement('head') });
const scriptOf = (src: string) => doc.head.querySelector<HTMLScriptElement>(`script[src="${src}"]`);

describe('loadOutsideScript', () => {
  it('inserts the script once, with its integrity and a CORS request, and resolves when it has run', async () => {
    const src = 'https://fp.example/fp/tags.js?org_id=o&session_id=m1';
    const first = loadOutsideScript(src, { integrity: 'sha384-xyz', doc });
    const again = loadOutsideScript(src, { integrity: 'sha384-xyz', doc });
    expect(again).toBe(first);
    expect(doc.head.querySelectorAll(`script[src="${src}"]`)).toHaveLength(1);
    const el = scriptOf(src)!;
    expect(el.integrity).toBe('sha384-xyz');
    expect(el.crossOrigin).toBe('anonymous');
    expect(el.async).toBe(true);
    el.dispatchEvent(new Event('load'));
    await expect(first).resolves.toBeUndefined();
  });

  it('without integrity, makes no CORS request', () => {
    const src = 'https://other.example/sdk.js';
    void loadOutsideScript(src, { doc }).catch(() => undefined);
    expect(scriptOf(src)!.hasAttribute('crossorigin')).toBe(false);
    expect(scriptOf(src)!.hasAttribute('integrity')).toBe(false);
  });

  it('rejects when it cannot load (refused, or changed on the way), naming only the origin, and may be tried again', async () => {
    const src = 'https://fp.example/tags.js?session_id=secret';
    const failed = loadOutsideScript(src, { integrity: 'sha384-xyz', doc });
    scriptOf(src)!.dispatchEvent(new Event('error'));
    await expect(failed).rejects.toThrow('Could not load https://fp.example');
    await failed.catch((e: Error) => expect(e.message).not.toContain('secret'));
    expect(scriptOf(src)).toBeNull();
    const retry = loadOutsideScript(src, { integrity: 'sha384-xyz', doc });
    expect(retry).not.toBe(failed);
    scriptOf(src)!.dispatchEvent(new Event('load'));
    await retry;
  });
});
