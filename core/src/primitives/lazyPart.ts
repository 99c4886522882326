/**
 * A part of a channel's screen loaded later, with its stylesheet (`@oja/core/lazy-part`): pay on credit's card
 * steps, fetched once the payer reaches them, keep the card form and PIN pad out of the screen's first chunk. The
 * key is the part's build key, `<channel id>-<file>` (the build names every lazily imported module so); the page's
 * import map and stylesheet integrity already cover it, as they cover every module a channel reaches.
 */
export { useLazyScreen as useLazyPart } from '../shell/lazyScreen';
export { loadOnce, whenLoaded } from './loadOnce';
export type { LoadOnce } from './loadOnce';
