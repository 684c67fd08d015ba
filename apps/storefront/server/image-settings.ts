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

/** IMAGE_CONCURRENCY, or one conversion per CPU core the process may use. */
export function defaultConversionConcurrency(): number {
  return Math.max(1, env.IMAGE_CONCURRENCY ?? os.availableParallelism());
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
