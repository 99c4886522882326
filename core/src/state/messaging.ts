import { MESSAGE_KEY } from '@oja/sdk';

/*
 * The checkout's messages to the page that embeds or opened it, and the once-per-tab guard: the shell sends
 * INITIALIZED from the initial route, so these live apart from the result's delivery (completion.ts, a lazy
 * part's).
 */

/** The envelope key of every message to the embedding page: the SDK's, which reads them (one definition). */
export { MESSAGE_KEY };

export interface MessageTarget {
  postMessage(message: unknown, targetOrigin: string): void;
}

/** The window that embeds or opened the checkout, if any. */
export function embedder(win: Window = window): MessageTarget | null {
  if (win.parent && win.parent !== win) return win.parent;
  if (win.opener) return win.opener as MessageTarget;
  return null;
}

/** Posts to the merchant's declared origin only; a missing or opaque origin sends nothing. */
export function postToMerchant(target: MessageTarget | null, origin: string, messageType: 'INITIALIZED' | 'COMPLETED', data: unknown = {}): boolean {
  if (!target || !origin || origin === 'null' || origin === '*') return false;
  target.postMessage({ key: MESSAGE_KEY, messageType, data }, origin);
  return true;
}

/**
 * Marks a payment's message as sent in this tab, so a reload never sends it twice. Storage can be refused
 * (a third-party frame): then the in-memory flag of the page is the only guard.
 */
export function markOnce(kind: string, paymentId: string, storage: Storage | undefined = safeSessionStorage()): boolean {
  const key = `oja:${kind}:${paymentId}`;
  try {
    if (storage?.getItem(key)) return false;
    storage?.setItem(key, '1');
  } catch {
    // storage refused: fall through, the caller's in-memory guard holds
  }
  return true;
}

function safeSessionStorage(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}
