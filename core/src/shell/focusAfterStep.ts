/**
 * The focus after a step within one route ("I have transferred", USSD's Continue): no location changes, so the sign
 * is the control the payer used leaving the page and taking the focus with it. Watches the control the payer last
 * focused in the screen (a dialog's controls are outside it: closing one gives the focus back to its opener); once it
 * has gone, calls `refocus` at each change of the page until the focus is placed again (the next step's heading may
 * come with a later change, a lazy step still loading). Answers the function that stops watching.
 */
export function watchFocusAfterStep(refocus: () => void): () => void {
  let last: Element | null = null;
  const onFocusIn = (e: FocusEvent) => {
    last = e.target instanceof Element && e.target.closest('[data-oja-screen]') ? e.target : null;
  };
  // Once placed, the focus's own focusin names the next control to watch (the heading, which the step after replaces).
  const observer = new MutationObserver(() => {
    if (last && !last.isConnected) refocus();
  });
  document.addEventListener('focusin', onFocusIn);
  observer.observe(document.body, { childList: true, subtree: true });
  return () => {
    document.removeEventListener('focusin', onFocusIn);
    observer.disconnect();
  };
}
