/** Scripts loading or loaded, by URL: each is inserted once per page. */
const scripts = new Map<string, Promise<void>>();

/**
 * Loads a classic script from an outside party's origin (a provider's SDK, a device-fingerprint script) once
 * per page: resolves when it has run, rejects when it cannot load (refused by the page's policy, or changed on
 * the way when `integrity` is given). The page's Content-Security-Policy must allow its origin: a channel
 * declares it (ChannelPlugin.sources). A failed load may be tried again.
 */
export function loadOutsideScript(src: string, { integrity, doc = document }: { integrity?: string; doc?: Document } = {}): Promise<void> {
  let loading = scripts.get(src);
  if (!loading) {
    loading = new Promise<void>((resolve, reject) => {
      const el = doc.createElement('script');
      el.async = true;
      if (integrity) {
        el.integrity = integrity;
        // An integrity check on another origin's script needs a CORS request.
        el.crossOrigin = 'anonymous';
      }
      el.addEventListener('load', () => resolve(), { once: true });
      el.addEventListener(
        'error',
        () => {
          scripts.delete(src);
          el.remove();
          reject(new Error(`Could not load ${new URL(src, doc.baseURI).origin}`));
        },
        { once: true },
      );
      el.src = src;
      doc.head.appendChild(el);
    });
    scripts.set(src, loading);
  }
  return loading;
}
