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
