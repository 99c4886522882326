/**
 * Styles an element through the CSSOM (allowed under a strict `style-src`, unlike a `<style>` element or a
 * style attribute), each declaration `!important` so that the merchant's stylesheets cannot reach in.
 */
export function css(el: HTMLElement, declarations: Record<string, string>): void {
  for (const [name, value] of Object.entries(declarations)) el.style.setProperty(name, value, 'important');
}

/** Element with its properties and children (text children become text nodes: merchant data is never markup). */
export function el<K extends keyof HTMLElementTagNameMap>(
  doc: Document,
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> = {},
  ...children: Array<Node | string>
): HTMLElementTagNameMap[K] {
  const node = Object.assign(doc.createElement(tag), props);
  node.append(...children);
  return node;
}

/**
 * POSTs the fields as a form (`application/x-www-form-urlencoded`) to `action` in the window or frame named
 * `target`: the request travels in the body, never in a URL.
 */
export function postFields(doc: Document, parent: HTMLElement, action: string, target: string, fields: Record<string, string>): void {
  const form = el(doc, 'form', { method: 'POST', action, target, hidden: true });
  for (const [name, value] of Object.entries(fields)) form.append(el(doc, 'input', { type: 'hidden', name, value }));
  parent.append(form);
  form.submit();
  form.remove();
}

/** A name no other window or frame of the page has. */
export function uniqueName(): string {
  return `oja-checkout-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}
