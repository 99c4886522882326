import { lazy, Suspense, useState } from 'react';
import type { ComponentType } from 'react';
import { css } from '@linaria/core';
import type { DrawnPicture, Picture } from '../plugin';

/** The wrapper takes no room of its own: the picture lays out as if it were drawn alone. */
const box = css`
  display: contents;
`;

/** The server's markup of each slot, read from the page once (a slot drawn again, e.g. the list reopened, reuses it). */
const serverMarkup = new Map<string, string>();
/** One lazy component per picture, so a redraw does not load it again. */
const loaded = new WeakMap<DrawnPicture, ComponentType>();

/** The markup the server drew in this slot, if this page came with it. */
function markupOf(slot: string): string | undefined {
  if (!serverMarkup.has(slot) && typeof document !== 'undefined') {
    const drawn = document.querySelector(`[data-oja-drawn="${slot}"]`);
    if (drawn) serverMarkup.set(slot, drawn.innerHTML);
  }
  return serverMarkup.get(slot);
}

function lazyOf(picture: DrawnPicture): ComponentType {
  let component = loaded.get(picture);
  if (!component) {
    component = lazy(picture.load);
    loaded.set(picture, component);
  }
  return component;
}

/**
 * Draws a picture in a slot named once per page ('logo', 'icon-transfer'). A component is drawn as it is. A picture
 * the server draws (DrawnPicture) is rendered by the server, which waits for it; the browser, hydrating, keeps the
 * server's markup as it is (our own plugin's SVG, never a merchant's string) and never loads its module; only where
 * the server drew nothing (a client-side redraw of a slot never served, Storybook) it loads the picture itself.
 */
export function Drawn({ picture, slot }: { picture: Picture; slot: string }) {
  // Read before the first render replaces anything: during hydration the server's markup is still in the page.
  const [markup] = useState(() => (typeof picture === 'function' ? undefined : markupOf(slot)));
  if (typeof picture === 'function') {
    const Component = picture;
    return <Component />;
  }
  if (markup !== undefined) {
    // biome-ignore lint/security/noDangerouslySetInnerHtml: the page's own markup, drawn by our server from a plugin's component and read back from this DOM; never a merchant's string
    return <span className={box} data-oja-drawn={slot} dangerouslySetInnerHTML={{ __html: markup }} />;
  }
  const Component = lazyOf(picture);
  return (
    <span className={box} data-oja-drawn={slot}>
      <Suspense fallback={null}>
        <Component />
      </Suspense>
    </span>
  );
}
