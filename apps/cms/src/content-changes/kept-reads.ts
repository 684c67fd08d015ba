import type { Core } from "@strapi/strapi";

/**
 * Reads of staff's content that this CMS process keeps between calls (docs/decisions/055): the
 * delivery zones, closed days and products every draft step and order placement asks for, which
 * change a few times a day and were read nine, five and four times per checkout.
 *
 * A kept read is forgotten the moment staff's write reaches this process's database layer, again once
 * the write has surely committed (the announcement's timing, ./announce.ts), when another process
 * announces a change through Redis, and in any case after `KEPT_READ_FRESH_MS`, for a change whose
 * announcement was lost (Redis down). Reads are kept only in a process that hears those changes
 * (`hearContentChanges`): elsewhere (a script, a test importing the services beside a running CMS)
 * every read goes to the database, as before.
 */

/** How long a kept read is believed when no change was heard: the bound the README states. */
export const KEPT_READ_FRESH_MS = 20_000;

let hearing = false;
const forgetters = new Set<() => void>();

/** Called by the process that hears staff's changes (./announce.ts): from now on reads are kept. */
export function hearContentChanges(heard: boolean): void {
  hearing = heard;
  forgetKeptReads();
}

/**
 * Drops every kept read: staff changed something the reads are made of. A load still in flight is
 * dropped too (it may have read the old rows): its callers get it, the next caller loads again.
 */
export function forgetKeptReads(): void {
  for (const forget of forgetters) forget();
}

/**
 * `load(strapi, key)` kept per key until staff's next change (or `KEPT_READ_FRESH_MS`). Callers at
 * once share one load; a load that fails is not kept. What is returned is shared: callers must not
 * change it.
 *
 * Inside a transaction a caller takes a read only once it has loaded, and otherwise reads alone on
 * its transaction, keeping nothing: a load shared across transactions would run on the connection
 * of whichever caller began it, so a transaction waiting for a load queued behind its own connection
 * (SQLite has one) would wait for ever, and others would be handed its uncommitted rows or its errors.
 */
export function keptRead<K, T>(
  load: (strapi: Core.Strapi, key: K) => Promise<T>,
  { now = Date.now }: { readonly now?: () => number } = {},
): (strapi: Core.Strapi, key: K) => Promise<T> {
  const kept = new Map<K, { value: Promise<T>; until: number; loaded: boolean }>();
  forgetters.add(() => kept.clear());
  return (strapi, key) => {
    if (!hearing) return load(strapi, key);
    const at = now();
    const found = kept.get(key);
    const inTransaction = strapi.db.inTransaction();
    if (found !== undefined && at < found.until && (found.loaded || !inTransaction)) return found.value;
    if (inTransaction) return load(strapi, key);
    const entry = { value: load(strapi, key), until: at + KEPT_READ_FRESH_MS, loaded: false };
    kept.set(key, entry);
    entry.value.then(
      () => (entry.loaded = true),
      () => {
        if (kept.get(key) === entry) kept.delete(key);
      },
    );
    return entry.value;
  };
}
