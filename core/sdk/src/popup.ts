import { postFields, uniqueName } from './dom';

/** The popup's size, CSS px (the checkout's layout for a phone-sized window), at most the screen's. */
const POPUP_WIDTH = 480;
const POPUP_HEIGHT = 760;
/** How often the SDK looks whether the payer closed the popup, ms (a closed window sends no event). */
export const POPUP_CLOSED_POLL_MS = 500;

export interface PopupOptions {
  win: Window;
  /** `${base}/pay`. */
  action: string;
  fields: Record<string, string>;
  /** The payer closed the window. */
  onClosed(): void;
}

export interface PopupView {
  window: Window;
  destroy(): void;
}

/** Window features of a popup centred over the merchant's window. */
export function centredFeatures(win: Pick<Window, 'screenX' | 'screenY' | 'outerWidth' | 'outerHeight' | 'screen'>): string {
  const width = Math.min(POPUP_WIDTH, win.screen.availWidth || POPUP_WIDTH);
  const height = Math.min(POPUP_HEIGHT, win.screen.availHeight || POPUP_HEIGHT);
  const left = Math.max(0, Math.round(win.screenX + (win.outerWidth - width) / 2));
  const top = Math.max(0, Math.round(win.screenY + (win.outerHeight - height) / 2));
  return `popup=yes,width=${width},height=${height},left=${left},top=${top},scrollbars=yes,resizable=yes`;
}

/**
 * POPUP: a centred window the request is POSTed into. It must open from the payer's click (browsers block
 * other popups): null when it was blocked. The window keeps its opener, which the checkout's messages go to.
 */
export function openPopup(o: PopupOptions): PopupView | null {
  const name = uniqueName();
  const popup = o.win.open('', name, centredFeatures(o.win));
  if (!popup) return null;
  postFields(o.win.document, o.win.document.body, o.action, name, o.fields);
  popup.focus();
  const watch = setInterval(() => {
    if (popup.closed) o.onClosed();
  }, POPUP_CLOSED_POLL_MS);
  return {
    window: popup,
    destroy() {
      clearInterval(watch);
      if (!popup.closed) popup.close();
    },
  };
}
