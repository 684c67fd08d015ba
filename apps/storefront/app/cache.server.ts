/**
 * A per-process cache for catalogue data: fresh for `freshMs`, then served stale while one
 * background refresh runs, and never older than `maxStaleMs` while the CMS answers. Every process
 * keeps its own copy; nothing here must be shared, since the CMS stays the single source of truth.
 */
/**
 * How long CMS data stays fresh, and the oldest a page may show while the CMS answers. With the
 * 20 s page cache of server/app.ts on top, a change saved in the admin shows within 60 s.
 */
export const CMS_DATA_FRESH_MS = 20_000;
export const CMS_DATA_MAX_STALE_MS = 40_000;

export interface CachedResource<T> {
  /** The cached value; waits for a load only when there is nothing worth serving. */
  get(): Promise<T>;
  /** Forgets the value (tests, or a staff-triggered purge). */
  clear(): void;
  /**
   * Takes the value for out of date (staff changed the CMS's content, app/content-changes.server.ts):
   * the next request waits up to `maxWaitMs` for fresh data, and a load already in flight, which may
   * have read the CMS before the change, is not taken for fresh.
   */
  expire(): void;
}

/** Every cached resource of this process, so that a content change can expire them all at once. */
const everyResource = new Set<CachedResource<unknown>>();

/** Expires every cached resource of this process (see `CachedResource.expire`). */
export function expireCachedResources(): void {
  for (const resource of everyResource) resource.expire();
}

export interface CachedResourceOptions<T> {
  readonly name: string;
  readonly freshMs: number;
  /** Past this age a request waits for fresh data, unless the last load failed. Defaults to 2 × freshMs. */
  readonly maxStaleMs?: number;
  /** Loads start at most this often while a value is unusable or the CMS fails. Defaults to 5 s. */
  readonly retryMs?: number;
  /**
   * The longest a request waits for fresh data when it has something to serve (too old, or
   * unusable), so a hanging CMS delays pages by this much at most. Defaults to 1.5 s.
   */
  readonly maxWaitMs?: number;
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
  const maxStaleMs = options.maxStaleMs ?? options.freshMs * 2;
  const retryMs = options.retryMs ?? 5_000;
  const maxWaitMs = options.maxWaitMs ?? 1_500;
  let value: T | undefined;
  let loadedAt = 0;
  let attemptedAt = Number.NEGATIVE_INFINITY;
  let lastLoadFailed = false;
  let inFlight: Promise<T> | null = null;
  /** Whether the load in flight started before the last `expire()`: its answer may predate the change. */
  let inFlightPredatesChange = false;

  function refresh(): Promise<T> {
    if (inFlight && !inFlightPredatesChange) return inFlight;
    attemptedAt = now();
    inFlightPredatesChange = false;
    const load: Promise<T> = options.load().then(
      (loaded) => {
        // A load started since (after a change) decides what is kept; this one's callers get their answer.
        if (inFlight !== load) return loaded;
        value = loaded;
        loadedAt = inFlightPredatesChange ? Number.NEGATIVE_INFINITY : now();
        lastLoadFailed = false;
        return loaded;
      },
      (error: unknown) => {
        log(`Could not load ${options.name}`, error);
        if (inFlight !== load) return options.onError(value);
        value = options.onError(value);
        lastLoadFailed = true;
        return value;
      },
    );
    inFlight = load;
    void load.finally(() => {
      if (inFlight === load) inFlight = null;
    });
    return load;
  }

  /** Fresh data if it comes within maxWaitMs, else what there is (the load goes on). */
  function refreshOr(current: T): Promise<T> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<T>((resolve) => {
      timer = setTimeout(() => resolve(current), maxWaitMs);
    });
    return Promise.race([refresh(), late]).finally(() => clearTimeout(timer));
  }

  const resource: CachedResource<T> = {
    async get() {
      if (value === undefined) return refresh();
      const mayRetry = now() - attemptedAt >= retryMs;
      if (!(options.isUsable?.(value) ?? true)) {
        // Spec section 4: load while empty. While the CMS fails, pages get what there is at once.
        if (!mayRetry) return value;
        if (lastLoadFailed) {
          void refresh();
          return value;
        }
        return refreshOr(value);
      }
      const age = now() - loadedAt;
      if (age >= maxStaleMs && !lastLoadFailed) return refreshOr(value);
      if (age >= options.freshMs && (mayRetry || !lastLoadFailed)) void refresh();
      return value;
    },
    clear() {
      value = undefined;
      loadedAt = 0;
      attemptedAt = Number.NEGATIVE_INFINITY;
      lastLoadFailed = false;
    },
    expire() {
      loadedAt = Number.NEGATIVE_INFINITY;
      attemptedAt = Number.NEGATIVE_INFINITY;
      if (inFlight) inFlightPredatesChange = true;
    },
  };
  everyResource.add(resource as CachedResource<unknown>);
  return resource;
}
