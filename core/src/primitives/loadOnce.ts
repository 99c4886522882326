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
