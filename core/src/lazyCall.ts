/**
 * A function of a lazily loaded module, for calls that must start when they are made (a status check fired by
 * its timer): the first call loads the module, later ones run in the caller's task. A dynamic import() of a
 * module already loaded still resolves a task later, so the poller's request would leave one turn after its
 * timer, time enough for the page (or a test's clock) to move on.
 */
export function lazyCall<M, A extends unknown[], R>(load: () => Promise<M>, call: (module: M, ...args: A) => Promise<R>): (...args: A) => Promise<R> {
  let loaded: M | undefined;
  let loading: Promise<M> | undefined;
  return (...args) => {
    if (loaded !== undefined) {
      try {
        return call(loaded, ...args);
      } catch (e) {
        return Promise.reject(e);
      }
    }
    // A failed load (a network error fetching the chunk) is tried again on the next call.
    loading ??= load().then(
      (m) => (loaded = m),
      (e: unknown) => {
        loading = undefined;
        throw e;
      },
    );
    return loading.then((m) => call(m, ...args));
  };
}
