/**
 * Rules of the storefront's behaviour in the browser (specification sections 7 to 9), here so that
 * they are unit-tested without a browser and said once: reloading after a failed script download,
 * retrying a failed call, the title while the tab is away, and new builds.
 */

// ---- A script chunk that fails to download --------------------------------------------------------

/** A path reloaded after a failed chunk download is not reloaded again for this long. */
export const CHUNK_RELOAD_GUARD_MS = 10_000;

/**
 * Whether a failed chunk download may reload the page at `path` now: a new build replaced the
 * chunks the page knows (the reload fetches the new ones), but a chunk that fails for another
 * reason (offline, a broken proxy) must not reload the page in a loop. `lastReloads` holds when
 * each path was last reloaded for this reason (the tab's session storage keeps it across reloads).
 */
export function mayReloadAfterChunkError(
  lastReloads: Readonly<Record<string, number>>,
  path: string,
  now: number,
): boolean {
  const last = lastReloads[path];
  return last === undefined || !(now - last < CHUNK_RELOAD_GUARD_MS && now >= last);
}

/** `lastReloads` with `path` reloaded `now`, and the entries too old to matter dropped (storage stays small). */
export function withChunkReload(
  lastReloads: Readonly<Record<string, number>>,
  path: string,
  now: number,
): Record<string, number> {
  const kept = Object.entries(lastReloads).filter(([, at]) => now - at < CHUNK_RELOAD_GUARD_MS && now >= at);
  return { ...Object.fromEntries(kept), [path]: now };
}

// ---- Retrying a call -----------------------------------------------------------------------------

/** Statuses worth one more try: the server was busy, restarting or behind a proxy that gave up. */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([408, 409, 425, 429, 500, 502, 503, 504]);

const NON_MUTATING_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Whether a failed call is tried once more: only a call that changes nothing (a second POST could
 * place a second order), only once, and only for a status that may pass (a 404 will not).
 * `attempt` counts from 1.
 */
export function shouldRetry({ method, status, attempt }: { method: string; status: number; attempt: number }): boolean {
  return attempt === 1 && NON_MUTATING_METHODS.has(method.toUpperCase()) && RETRYABLE_STATUSES.has(status);
}

// ---- The title while the visitor is away ---------------------------------------------------------

/** How long after the tab is back the page's own title returns (a glance at the "come back" first). */
export const TITLE_RESTORE_DELAY_MS = 1000;

/** One of the "come back" titles, at random (`random` in [0, 1), as Math.random). */
export function awayTitle(titles: readonly string[], random: number): string | null {
  if (titles.length === 0) return null;
  return titles[Math.min(titles.length - 1, Math.floor(random * titles.length))] ?? null;
}

// ---- New builds ----------------------------------------------------------------------------------

/** The first check for a new build, after the page starts (not competing with its first paint). */
export const BUILD_CHECK_FIRST_MS = 1000;
/** Then every few minutes while the page is open and visible. */
export const BUILD_CHECK_EVERY_MS = 5 * 60 * 1000;

/**
 * Whether the page is out of date: the server names another build than the one the page runs.
 * An answer without a build (an error page, a proxy's) says nothing.
 */
export function isNewBuild(running: string, answered: unknown): boolean {
  if (typeof answered !== "object" || answered === null) return false;
  const version = (answered as { version?: unknown }).version;
  return typeof version === "string" && version !== "" && version !== running;
}

// ---- Fetching a page's code ahead ----------------------------------------------------------------

/** Route modules fetched ahead at once, at most: a page of links must not crowd out what the visitor asked for. */
export const MAX_PRELOADS_AT_ONCE = 4;

/** What the browser says of its connection (the Network Information API, where there is one). */
export interface ConnectionHints {
  readonly saveData?: boolean;
  readonly effectiveType?: string;
}

/** Whether code may be fetched before it is needed: not when the visitor saves data, nor on a 2G-like link. */
export function mayPreload(connection: ConnectionHints | undefined): boolean {
  if (!connection) return true;
  return connection.saveData !== true && connection.effectiveType !== "slow-2g" && connection.effectiveType !== "2g";
}

/**
 * A queue of files to fetch ahead, each once, with at most `maxAtOnce` on their way together;
 * `load` fetches one and settles when it is done (or failed: a failed preload only costs the wait).
 */
export function preloadQueue({ maxAtOnce, load }: { maxAtOnce: number; load: (url: string) => Promise<unknown> }) {
  const seen = new Set<string>();
  const waiting: string[] = [];
  let loading = 0;
  const pump = () => {
    while (loading < maxAtOnce && waiting.length > 0) {
      const url = waiting.shift()!;
      loading++;
      void load(url)
        .catch(() => undefined)
        .finally(() => {
          loading--;
          pump();
        });
    }
  };
  return {
    add(url: string) {
      if (seen.has(url)) return;
      seen.add(url);
      waiting.push(url);
      pump();
    },
    /** How many are on their way now (for tests and curiosity). */
    get loading() {
      return loading;
    },
  };
}
