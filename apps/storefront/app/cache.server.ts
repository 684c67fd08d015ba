/**
 * A per-process cache for catalogue data: fresh for `freshMs`, then served stale while one
 * background refresh runs. Every process keeps its own copy; nothing here must be shared, since
 * the CMS stays the single source of truth and each copy is at most `freshMs` (plus one load) old.
 */
export interface CachedResource<T> {
  /** The cached value; waits for a load only when there is nothing to serve yet. */
  get(): Promise<T>;
  /** Forgets the value (tests, or a staff-triggered purge). */
  clear(): void;
}

export interface CachedResourceOptions<T> {
  readonly name: string;
  readonly freshMs: number;
  readonly load: () => Promise<T>;
  /**
   * What to keep when a load fails: receives the previous value (undefined when there is none).
   * A failure never reaches the page: it is logged and this value is served.
   */
  readonly onError: (previous: T | undefined) => T;
  /** Whether a value is worth keeping in cache (spec: load only when empty). Defaults to always. */
  readonly isUsable?: (value: T) => boolean;
  readonly now?: () => number;
  readonly log?: (message: string, error: unknown) => void;
}

export function cachedResource<T>(options: CachedResourceOptions<T>): CachedResource<T> {
  const now = options.now ?? Date.now;
  const log = options.log ?? ((message, error) => console.error(message, error));
  let value: T | undefined;
  let loadedAt = 0;
  let inFlight: Promise<T> | null = null;

  function refresh(): Promise<T> {
    inFlight ??= options
      .load()
      .then(
        (loaded) => {
          value = loaded;
          loadedAt = now();
          return loaded;
        },
        (error: unknown) => {
          log(`Could not load ${options.name}`, error);
          const kept = options.onError(value);
          value = kept;
          // Retry soon, but not on every request while the CMS is down.
          loadedAt = now() - options.freshMs / 2;
          return kept;
        },
      )
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  }

  return {
    async get() {
      const usable = value !== undefined && (options.isUsable?.(value) ?? true);
      if (!usable) return refresh();
      if (now() - loadedAt >= options.freshMs) void refresh();
      return value as T;
    },
    clear() {
      value = undefined;
      loadedAt = 0;
    },
  };
}
