/**
 * The end of the first screen's markup. The page's head holds rendering until the parser reaches this mark
 * (`<link rel="expect" blocking="render">`), so the first frame shows the whole first screen: without it the parser
 * may yield halfway down a long list, and the largest text paints a frame later. Chromium lifts the block at the
 * mark's start tag, so the mark follows what it closes. A screen whose markup runs past a phone's height (a long
 * method list) places it itself; otherwise the server puts it after the page's root.
 */
export const FIRST_SCREEN_END_ID = 'oja-first-screen-end';

/** An empty, inert template: no box, no text, allowed among list items. */
export function FirstScreenEnd() {
  return <template id={FIRST_SCREEN_END_ID} />;
}
