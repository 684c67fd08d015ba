import { existsSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { env } from "../app/env.server";
import { ConversionLimiter } from "./image-limiter";

/**
 * Pictures allowed to wait per conversion slot before 503. A cold list page asks for two dozen
 * pictures at once, and a waiting request holds no picture in memory (it downloads inside its
 * slot), so the queue can be long; what it bounds is the CPU and memory of conversions.
 */
const QUEUED_PER_SLOT = 32;

/** libuv's pool of threads: sharp converts on them, and file reads and DNS lookups share them. */
const DEFAULT_THREAD_POOL_SIZE = 4;
/** Threads of that pool left to file reads (the disk cache, static files) and DNS while pictures convert. */
const THREADS_LEFT_FOR_FILES = 2;

export interface ConcurrencyInputs {
  /** IMAGE_CONCURRENCY, when the operator chose. */
  readonly configured?: number | undefined;
  readonly cores?: number;
  /** UV_THREADPOOL_SIZE, the size of libuv's pool. */
  readonly threadPoolSize?: number;
}

/**
 * IMAGE_CONCURRENCY, or one conversion per CPU core, but never more than libuv's pool less two
 * threads (2 with Node's default pool of 4). Memory grows with every conversion running: each holds
 * its source (up to 15 MB) and, for a WebP or AVIF source, the whole decoded picture (up to 160 MB).
 * And a conversion past the pool's threads does not run any sooner: it waits inside libuv, holding
 * its slot and its source, while the disk cache's reads wait behind it.
 */
export function defaultConversionConcurrency({
  configured = env.IMAGE_CONCURRENCY,
  cores = os.availableParallelism(),
  threadPoolSize = Number(process.env.UV_THREADPOOL_SIZE) || DEFAULT_THREAD_POOL_SIZE,
}: ConcurrencyInputs = {}): number {
  if (configured !== undefined) return Math.max(1, configured);
  return Math.max(1, Math.min(cores, threadPoolSize - THREADS_LEFT_FOR_FILES));
}

let shared: ConversionLimiter | undefined;

/**
 * The process's one conversion limiter: the proxy and pre-generation share it, so together they
 * stay within the bound and pre-generation always gives way to visitors.
 */
export function sharedConversionLimiter(): ConversionLimiter {
  if (!shared) {
    const maxConcurrent = defaultConversionConcurrency();
    shared = new ConversionLimiter({ maxConcurrent, maxQueued: QUEUED_PER_SLOT * maxConcurrent });
  }
  return shared;
}

/**
 * The monorepo root: the nearest folder up with a package.json that declares workspaces. Walked up
 * rather than fixed, because this module runs from server/ in development and from the bundled
 * build/server/ in production.
 */
function findRepoRoot(start: string): string | undefined {
  for (let dir = start; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, "package.json");
    if (existsSync(manifest)) {
      try {
        if ("workspaces" in JSON.parse(readFileSync(manifest, "utf8"))) return dir;
      } catch {
        // Not readable JSON: not the root we are looking for.
      }
    }
    if (path.dirname(dir) === dir) return undefined;
  }
}

/** IMAGE_CACHE_DIR, or `<repo root>/var/image-cache` (the working directory when deployed without the repo). */
export function defaultImageCacheDir(): string {
  if (env.IMAGE_CACHE_DIR) return path.resolve(env.IMAGE_CACHE_DIR);
  const root = findRepoRoot(path.dirname(fileURLToPath(import.meta.url))) ?? process.cwd();
  return path.join(root, "var", "image-cache");
}
