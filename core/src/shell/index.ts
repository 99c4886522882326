// @oja/core/shell: the shell's parts a server renders with and a test kit or a page outside a payment draws with,
// kept off the payments' initial route (the browser's entry is `bootCheckout`).
export { App } from './App';
export type { AppProps } from './App';
export { RenderedScreensContext } from './lazyScreen';
export { PageLayout, PageRoot, usePageView } from './PageRoot';
export type { PageRootProps } from './PageRoot';
export { FIRST_SCREEN_END_ID } from '../ui/FirstScreenEnd';
export { allMessages, createCheckout } from '../state/checkout';
export type { Checkout, TransactionResponse } from '../state/checkout';
export { useGate } from '../state/gates';
export { resultMessages } from '../ui/resultMessages';
export { CrossIcon, TickIcon } from '../ui/icons';
export { Drawn } from '../ui/Drawn';
export * as styles from '../ui/styles';
