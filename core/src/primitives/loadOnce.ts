/**
 * A module fetched once, on first need (`import()` behind it): every caller shares the one fetch, a failed fetch
 * may be tried again, and `current()` answers the module synchronously once it is here (a render that must not wait).
 */
export interface LoadOnce<T> {
  (): Promise<T>;
  /** The module once fetched; undefined before. */
  current(): T | undefined;
}

export function loadOnce<T>(load: () => Promise<T>): LoadOnce<T> {
  let value: T | undefined;
  let loading: Promise<T> | undefined;
  const get = () => {
    loading ??= load().then(
      (m) => (value = m),
      (e: unknown) => {
        loading = undefined;
        throw e;
      },
    );
    return loading;
  };
  return Object.assign(get, { current: () => value });
}

/**
 * Calls `use` with the module `load` gives, trying again every `retryMs` while the network fails it (a chunk that
 * did not come). Answers the function that stops it all: no call after it, and what `use` started (the function it
 * answers, if any) is stopped.
 */
export function whenLoaded<M>(load: () => Promise<M>, use: (m: M) => (() => void) | void, retryMs: number): () => void {
  let stop: (() => void) | void;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let gone = false;
  const start = () =>
    load().then(
      (m) => {
        if (!gone) stop = use(m);
      },
      () => {
        if (!gone) retry = setTimeout(start, retryMs);
      },
    );
  void start();
  return () => {
    gone = true;
    stop?.();
    clearTimeout(retry);
  };
}
