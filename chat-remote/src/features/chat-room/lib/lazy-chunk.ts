/** A chunk imported on first need: `load()` for the promise, `now()` for its value without waiting. */
export interface LazyChunk<T> {
  /** The value once loaded, else null: a render can use it at once. */
  now(): T | null;
  /** One import for every caller while it is on its way; after a failure, the next call asks again. */
  load(): Promise<T>;
}

export function lazyChunk<T>(importer: () => Promise<T>): LazyChunk<T> {
  let value: T | null = null;
  let loading: Promise<T> | null = null;
  return {
    now: () => value,
    load: () => {
      loading ??= importer().then(
        (loaded) => {
          value = loaded;
          return loaded;
        },
        (error: unknown) => {
          loading = null;
          throw error;
        },
      );
      return loading;
    },
  };
}
