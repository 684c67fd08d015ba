import { describe, expect, it } from "vitest";
import {
  awayTitle,
  CHUNK_RELOAD_GUARD_MS,
  isNewBuild,
  MAX_PRELOADS_AT_ONCE,
  mayPreload,
  mayReloadAfterChunkError,
  preloadQueue,
  shouldRetry,
  withChunkReload,
} from "./client-behaviours";

describe("reloading after a failed chunk download", () => {
  const t0 = 1_800_000_000_000;

  it("reloads a path at most once per 10 seconds", () => {
    expect(mayReloadAfterChunkError({}, "/cajas", t0)).toBe(true);
    const after = withChunkReload({}, "/cajas", t0);
    expect(mayReloadAfterChunkError(after, "/cajas", t0 + 1)).toBe(false);
    expect(mayReloadAfterChunkError(after, "/cajas", t0 + CHUNK_RELOAD_GUARD_MS - 1)).toBe(false);
    expect(mayReloadAfterChunkError(after, "/cajas", t0 + CHUNK_RELOAD_GUARD_MS)).toBe(true);
  });

  it("counts each path on its own", () => {
    const after = withChunkReload({}, "/cajas", t0);
    expect(mayReloadAfterChunkError(after, "/nuevo-pedido", t0 + 1)).toBe(true);
  });

  it("is not stuck by a clock set back, and forgets old entries", () => {
    const after = withChunkReload({ "/viejo": t0 - 60_000 }, "/cajas", t0);
    expect(Object.keys(after)).toEqual(["/cajas"]);
    expect(mayReloadAfterChunkError(after, "/cajas", t0 - 5000)).toBe(true);
  });
});

describe("retrying a failed call", () => {
  it("retries a read once for the statuses that may pass", () => {
    for (const status of [408, 409, 425, 429, 500, 502, 503, 504]) {
      expect(shouldRetry({ method: "GET", status, attempt: 1 }), String(status)).toBe(true);
      expect(shouldRetry({ method: "GET", status, attempt: 2 }), String(status)).toBe(false);
    }
  });

  it("never retries a call that changes something, nor a status that will not pass", () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE", "post"]) {
      expect(shouldRetry({ method, status: 503, attempt: 1 }), method).toBe(false);
    }
    for (const status of [400, 401, 403, 404, 410, 422, 501]) {
      expect(shouldRetry({ method: "GET", status, attempt: 1 }), String(status)).toBe(false);
    }
  });
});

describe("the title while the visitor is away", () => {
  const titles = ["¡Vuelve!", "Tu caja te espera", "¿Sigues ahí?", "Te echamos de menos"];

  it("is one of the four, whatever the draw", () => {
    expect(awayTitle(titles, 0)).toBe("¡Vuelve!");
    expect(awayTitle(titles, 0.99999)).toBe("Te echamos de menos");
    for (let draw = 0; draw < 1; draw += 0.05) expect(titles).toContain(awayTitle(titles, draw));
    expect(awayTitle([], 0.5)).toBeNull();
  });
});

describe("a new build", () => {
  it("is another build's version, never an answer without one", () => {
    expect(isNewBuild("abc", { version: "def" })).toBe(true);
    expect(isNewBuild("abc", { version: "abc" })).toBe(false);
    for (const answer of [null, "def", {}, { version: "" }, { version: 3 }]) {
      expect(isNewBuild("abc", answer)).toBe(false);
    }
  });
});

describe("fetching a page's code ahead", () => {
  it("keeps at most four on their way, fetches each file once, and goes on as they settle", async () => {
    const started: string[] = [];
    const finish: (() => void)[] = [];
    const queue = preloadQueue({
      maxAtOnce: MAX_PRELOADS_AT_ONCE,
      load: (url) =>
        new Promise<void>((resolve) => {
          started.push(url);
          finish.push(resolve);
        }),
    });
    for (const url of ["a", "b", "c", "d", "e", "f", "a", "b"]) queue.add(url);
    expect(started).toEqual(["a", "b", "c", "d"]);
    expect(queue.loading).toBe(4);
    finish.shift()!();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(started).toEqual(["a", "b", "c", "d", "e"]);
    expect(queue.loading).toBe(4);
  });

  it("goes on past a file that fails", async () => {
    const started: string[] = [];
    const queue = preloadQueue({
      maxAtOnce: 1,
      load: async (url) => {
        started.push(url);
        throw new Error("offline");
      },
    });
    queue.add("a");
    queue.add("b");
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(started).toEqual(["a", "b"]);
  });

  it("is off when the visitor saves data or the connection is 2G-like", () => {
    expect(mayPreload(undefined)).toBe(true);
    expect(mayPreload({ effectiveType: "4g" })).toBe(true);
    expect(mayPreload({ effectiveType: "3g", saveData: false })).toBe(true);
    expect(mayPreload({ saveData: true })).toBe(false);
    expect(mayPreload({ effectiveType: "2g" })).toBe(false);
    expect(mayPreload({ effectiveType: "slow-2g" })).toBe(false);
  });
});
