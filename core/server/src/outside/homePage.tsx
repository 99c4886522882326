import { definePage } from '@oja/core';
import type { PagePlugin } from '@oja/core';
import { Home } from './Home';
import type { HomeTestCard } from './Home';
import { homeMessages } from './homeMessages';

export interface HomePageOptions {
  /** The demo merchant store's address, linked in sandbox mode. */
  storeBase?: string;
  /** The sandbox's test cards, listed in sandbox mode (the card channel owns them: CONTRACT §4). */
  testCards?: readonly HomeTestCard[];
}

/**
 * The checkout's `/`, the server's own page: what this is, and with an embedded API (the sandbox) where to start
 * and the test data. Server-rendered without a script. The server registers it, never the browser.
 */
export function homePage({ storeBase, testCards }: HomePageOptions = {}): PagePlugin {
  return definePage({
    id: 'home',
    paths: ['/'],
    messages: homeMessages,
    serve: ({ sandbox }) => ({
      kind: 'document',
      title: 'home.title',
      content: <Home sandbox={sandbox} storeBase={sandbox ? storeBase : undefined} testCards={sandbox ? testCards : undefined} />,
    }),
  });
}
export type { HomeTestCard } from './Home';
