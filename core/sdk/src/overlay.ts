import { css, el, postFields, uniqueName } from './dom';

/** The overlay's own words, in the checkout's languages. */
export const OVERLAY_TEXT = {
  en: {
    title: 'Checkout',
    close: 'Close the checkout',
    loading: 'Loading the checkout…',
    // The checkout's own "Incorrect Transaction" screen (core.incorrect), for a request refused before it opened.
    incorrect: [
      'Incorrect Transaction',
      'Some of the payment details entered appear to be incorrect. Please review the information provided and try again. If you require assistance, kindly contact your merchant.',
    ],
    failed: ['The payment could not open', 'Please try again. If this happens again, kindly contact your merchant.'],
  },
  fr: {
    title: 'Paiement',
    close: 'Fermer le paiement',
    loading: 'Chargement du paiement…',
    incorrect: [
      'Transaction incorrecte',
      "Certaines informations de paiement semblent incorrectes. Vérifiez-les et réessayez. Si vous avez besoin d'aide, contactez le commerçant.",
    ],
    failed: ["Le paiement n'a pas pu s'ouvrir", 'Réessayez. Si cela se reproduit, contactez le commerçant.'],
  },
};
type OverlayText = (typeof OVERLAY_TEXT)['en'];
/** The overlay's words in the request's language (`lang`, any value the merchant sent): French or English. */
export const overlayText = (lang: unknown): OverlayText => OVERLAY_TEXT[lang === 'fr' ? 'fr' : 'en'];
/** Spinner turn, ms. */
const SPIN_MS = 900;
/** Above anything a merchant's page stacks. */
const TOP_LAYER = '2147483647';
/** The checkout card's width, px (its page's max-width): the frame is that wide, so the card is the dialog. */
const CARD_WIDTH_PX = 420;
/** Room above the card: a little on a phone, more on a tall screen. */
const BOX_TOP = 'clamp(8px, 4vh, 32px)';

export interface InlineOptions {
  doc: Document;
  /** `${base}/pay`. */
  action: string;
  fields: Record<string, string>;
  /** Escape or the close control. */
  onCloseRequest(): void;
  /** The frame has loaded a document of another origin (the checkout, or the browser's error page). */
  onFrameLoad(): void;
}

export interface InlineView {
  /** The checkout's window, where its messages come from. */
  frameWindow(): Window | null;
  /** INITIALIZED: the loader goes, the checkout shows. */
  ready(): void;
  /** Removes the overlay and gives the page back: scroll, focus, the rest of the page. */
  destroy(): void;
}

/**
 * INLINE: a dialog over the merchant's page, the checkout in a frame the request is POSTed into (its page is
 * transparent in INLINE, so its card is the dialog and the close control sits on it), a loader until the checkout
 * is ready. While open the page behind is inert and does not scroll, focus stays
 * in the dialog (Tab wraps around the frame), Escape and the close control close it.
 */
export function openInline(o: InlineOptions): InlineView {
  const { doc } = o;
  const text = overlayText(o.fields.lang);
  const name = uniqueName();

  const spinner = el(doc, 'div');
  css(spinner, {
    width: '32px',
    height: '32px',
    'box-sizing': 'border-box',
    border: '4px solid #d0d5dd',
    'border-top-color': '#1f4f8a',
    'border-radius': '50%',
  });
  if (spinner.animate && !(typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches)) {
    spinner.animate([{ transform: 'rotate(0)' }, { transform: 'rotate(360deg)' }], { duration: SPIN_MS, iterations: Infinity });
  }
  const loader = card(doc, 'status', spinner, el(doc, 'span', { textContent: text.loading }));
  css(loader, { position: 'absolute', inset: '0', 'align-items': 'center', 'justify-content': 'center' });

  const frame = el(doc, 'iframe', { name, title: text.title });
  // Wallet payments and the copy buttons need these inside a frame of another origin.
  frame.setAttribute('allow', 'payment; clipboard-write');
  // Not usable, and out of the tab order, until the checkout is ready.
  frame.inert = true;
  css(frame, {
    position: 'absolute',
    inset: '0',
    width: '100%',
    height: '100%',
    border: '0',
    margin: '0',
    display: 'block',
    // The checkout's page is transparent in INLINE: its card is the dialog, the scrim shows around it.
    background: 'transparent',
    'color-scheme': 'normal',
    opacity: '0',
  });
  frame.addEventListener('load', () => {
    // The first load is the empty document the frame starts with (same origin, readable); the checkout's is not.
    if (!frame.contentDocument) o.onFrameLoad();
  });

  const stage = el(doc, 'div', {}, frame, loader);
  css(stage, { position: 'relative', flex: '1' });
  const dialog = openDialog(doc, text, o.onCloseRequest, stage, (close) => (frame.inert ? close : frame));
  postFields(doc, dialog.node, o.action, name, o.fields);

  return {
    frameWindow: () => frame.contentWindow,
    ready() {
      loader.remove();
      frame.inert = false;
      css(frame, { opacity: '1' });
    },
    destroy: dialog.destroy,
  };
}

/**
 * A checkout that could not open, and a merchant without onError: the payer reads why in the same dialog instead
 * of nothing (a refused request: the checkout's "Incorrect Transaction" words; anything else: try again). Closing
 * it gives the page back; it calls nothing of the merchant's.
 */
export function openNotice(doc: Document, lang: unknown, refused: boolean): void {
  const text = overlayText(lang);
  const [title, body] = refused ? text.incorrect : text.failed;
  const heading = el(doc, 'h2', { id: uniqueName(), textContent: title });
  css(heading, { margin: '0', font: '600 20px/1.3 system-ui, sans-serif', 'padding-right': '48px' });
  const notice = card(doc, 'alert', heading, el(doc, 'p', { textContent: body }));
  css(notice, { padding: '24px' });
  const dialog = openDialog(
    doc,
    text,
    () => dialog.destroy(),
    notice,
    (close) => close,
  );
  dialog.node.setAttribute('aria-labelledby', heading.id);
}

/** A white card of the overlay's own, announced with `role`. */
function card(doc: Document, role: string, ...children: Node[]): HTMLElement {
  const node = el(doc, 'div', {}, ...children);
  node.setAttribute('role', role);
  css(node, {
    display: 'flex',
    'flex-direction': 'column',
    gap: '12px',
    'box-sizing': 'border-box',
    background: '#fff',
    'border-radius': '12px',
    color: '#222',
    font: '16px/1.5 system-ui, sans-serif',
  });
  return node;
}

/**
 * The modal dialog both views share: a scrim over the whole page, `content` in a card-wide box with the close
 * control on its top right corner, the page behind inert and not scrolling, focus kept inside (Tab past the end
 * comes back to the close control, Shift+Tab before the start goes to `startFocus`), Escape and the close control
 * call `onCloseRequest`. `destroy` gives the page back: scroll, focus, the rest of the page.
 */
function openDialog(
  doc: Document,
  text: OverlayText,
  onCloseRequest: () => void,
  content: HTMLElement,
  startFocus: (close: HTMLElement) => HTMLElement,
): { node: HTMLElement; destroy(): void } {
  const returnFocus = doc.activeElement as HTMLElement | null;

  const close = el(doc, 'button', { type: 'button', textContent: '×' });
  close.setAttribute('aria-label', text.close);
  // Inside the checkout's card, over its header's top right corner (the header keeps that corner free in INLINE).
  css(close, {
    position: 'absolute',
    top: `calc(${BOX_TOP} + 14px)`,
    right: '22px',
    'z-index': '1',
    width: '44px',
    height: '44px',
    margin: '0',
    padding: '0',
    border: '0',
    'border-radius': '22px',
    background: '#fff',
    'box-shadow': '0 1px 4px rgba(17, 17, 17, 0.3)',
    color: '#111',
    font: '28px/44px system-ui, sans-serif',
    cursor: 'pointer',
    outline: 'none',
  });
  // A visible focus ring the merchant's `button:focus { outline: none }` cannot remove.
  close.addEventListener('focus', () => {
    let keyboard = true;
    try {
      keyboard = close.matches(':focus-visible');
    } catch {
      // an older browser: always show it
    }
    if (keyboard) css(close, { outline: '3px solid #1f4f8a', 'outline-offset': '2px' });
  });
  close.addEventListener('blur', () => css(close, { outline: 'none' }));
  close.addEventListener('click', onCloseRequest);

  const box = el(doc, 'div', {}, close, content);
  css(box, {
    position: 'relative',
    display: 'flex',
    'flex-direction': 'column',
    width: '100%',
    'max-width': `${CARD_WIDTH_PX + 16}px`,
    height: '100%',
    'max-height': '920px',
    'box-sizing': 'border-box',
    padding: `${BOX_TOP} 8px 8px`,
  });

  const guard = (onFocus: () => void) => {
    const g = el(doc, 'span', { tabIndex: 0 });
    g.addEventListener('focus', onFocus);
    return g;
  };
  const dialog = el(
    doc,
    'div',
    {},
    guard(() => startFocus(close).focus()),
    box,
    guard(() => close.focus()),
  );
  dialog.setAttribute('role', 'dialog');
  dialog.setAttribute('aria-modal', 'true');
  dialog.setAttribute('aria-label', text.title);
  dialog.setAttribute('data-oja-checkout', '');
  css(dialog, {
    position: 'fixed',
    inset: '0',
    'z-index': TOP_LAYER,
    display: 'flex',
    'align-items': 'center',
    'justify-content': 'center',
    margin: '0',
    padding: '0',
    background: 'rgba(17, 17, 17, 0.6)',
    'box-sizing': 'border-box',
    outline: 'none',
  });

  const onKey = (e: KeyboardEvent) => {
    if (e.key !== 'Escape') return;
    e.preventDefault();
    onCloseRequest();
  };

  const body = doc.body;
  const root = doc.documentElement;
  const scroll = [root, body].map((node) => [node, node.style.getPropertyValue('overflow'), node.style.getPropertyPriority('overflow')] as const);
  const madeInert = Array.from(body.children).filter((c): c is HTMLElement => c instanceof HTMLElement && !c.inert);

  body.append(dialog);
  for (const [node] of scroll) node.style.setProperty('overflow', 'hidden');
  for (const c of madeInert) c.inert = true;
  doc.addEventListener('keydown', onKey, true);
  close.focus();

  return {
    node: dialog,
    destroy() {
      doc.removeEventListener('keydown', onKey, true);
      dialog.remove();
      for (const c of madeInert) c.inert = false;
      for (const [node, value, priority] of scroll) {
        if (value) node.style.setProperty('overflow', value, priority);
        else node.style.removeProperty('overflow');
      }
      if (returnFocus?.isConnected) returnFocus.focus();
    },
  };
}
