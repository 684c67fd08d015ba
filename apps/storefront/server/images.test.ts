import { mkdtemp, readFile, rm, writeFile, mkdir } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import express from "express";
import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import { parseEnv } from "../app/env.server";
import { ImageDiskCache } from "./image-disk-cache";
import { convertImage, type ImageVariant } from "./image-variants";
import {
  COMMON_IMAGE_VARIANTS,
  ConversionLimiter,
  defaultConversionConcurrency,
  imageProxy,
  type ImageConverter,
  type ImageProxyOptions,
  QueueFullError,
  warmImageVariants,
} from "./images";

const cleanups: (() => Promise<unknown> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function listen(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  cleanups.push(() => {
    server.closeAllConnections();
    return new Promise((resolve) => server.close(resolve));
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function temporaryDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "image-cache-test-"));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** A CMS whose every `/uploads/*.png` is the same small picture; it records what is fetched. */
async function fakeCms() {
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#3a7" } })
    .png()
    .toBuffer();
  const fetched: string[] = [];
  const server = http.createServer((req, res) => {
    fetched.push(req.url ?? "");
    if (/^\/uploads\/[\w-]+\.png$/.test(req.url ?? "")) {
      res.writeHead(200, { "Content-Type": "image/png", "Content-Length": png.length });
      res.end(png);
    } else {
      res.writeHead(404).end();
    }
  });
  return { url: await listen(server), fetched };
}

interface ImageRequest {
  readonly width?: number;
  readonly density?: number;
  readonly accept?: string;
  readonly signal?: AbortSignal;
}

async function shop(cmsUrl: string, options: ImageProxyOptions) {
  const app = express();
  app.get("/img", imageProxy(cmsUrl, options));
  const base = await listen(http.createServer(app));
  return (src: string, { width = 96, density = 1, accept = "image/avif,image/webp", signal }: ImageRequest = {}) => {
    const query = new URLSearchParams({ src, w: String(width), dpr: String(density) });
    return fetch(`${base}/img?${query}`, { headers: { Accept: accept }, signal });
  };
}

/** The real conversion, counted, and held back until `open()` when created closed. */
function watchedConverter({ startOpen }: { startOpen: boolean }) {
  let running = 0;
  let peak = 0;
  let started = 0;
  let open = () => {};
  const gate = startOpen ? Promise.resolve() : new Promise<void>((resolve) => (open = resolve));
  const convert: ImageConverter = async (source, variant) => {
    running += 1;
    started += 1;
    peak = Math.max(peak, running);
    try {
      await gate;
      return await convertImage(source, variant);
    } finally {
      running -= 1;
    }
  };
  return { convert, open: () => open(), counts: () => ({ running, peak, started }) };
}

async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 4000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe("image proxy under load", () => {
  it("converts at most N pictures at once and refuses visitors beyond the queue with 503 and Retry-After", async () => {
    const cms = await fakeCms();
    const limiter = new ConversionLimiter({ maxConcurrent: 2, maxQueued: 8 });
    const converter = watchedConverter({ startOpen: false });
    const get = await shop(cms.url, { limiter, convert: converter.convert, cacheDir: await temporaryDir() });

    const answered: Response[] = [];
    const requests = Array.from({ length: 14 }, (_, index) =>
      get(`/uploads/picture-${index}.png`).then((response) => {
        answered.push(response);
        return response;
      }),
    );
    // While the two slots are held, 2 run, 8 wait and the other 4 are refused at once.
    await until(() => answered.length === 4, "the refusals");
    expect(limiter.stats).toMatchObject({ running: 2, queuedVisitors: 8 });
    for (const refused of answered) {
      expect(refused.status).toBe(503);
      expect(refused.headers.get("retry-after")).toBe("2");
      expect(refused.headers.get("cache-control")).toBe("no-store");
      expect(await refused.json()).toMatchObject({ data: null, error: { status: 503, name: "ServiceUnavailable" } });
    }

    converter.open();
    const responses = await Promise.all(requests);
    expect(responses.filter((response) => response.status === 200)).toHaveLength(10);
    expect(converter.counts()).toMatchObject({ peak: 2, started: 10 });
    expect(limiter.stats.peakRunning).toBe(2);
  });

  it("keeps real conversions within the bound and serves every queued visitor", async () => {
    const cms = await fakeCms();
    const limiter = new ConversionLimiter({ maxConcurrent: 2, maxQueued: 20 });
    const converter = watchedConverter({ startOpen: true });
    const get = await shop(cms.url, { limiter, convert: converter.convert, cacheDir: await temporaryDir() });

    const accepts = ["image/avif", "image/webp", "image/jpeg"];
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        get(`/uploads/picture-${index}.png`, { accept: accepts[index % 3], density: (index % 2) + 1 }),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(12).fill(200));
    expect(responses.map((response) => response.headers.get("content-type"))).toEqual(
      Array.from({ length: 12 }, (_, index) => ["image/avif", "image/webp", "image/jpeg"][index % 3]),
    );
    const webp = await sharp(Buffer.from(await responses[1]!.arrayBuffer())).metadata();
    expect(webp).toMatchObject({ format: "webp", width: 64 });
    expect(converter.counts().peak).toBeLessThanOrEqual(2);
    expect(converter.counts().started).toBe(12);
  });

  it("drops a request from the queue when its visitor leaves", async () => {
    const cms = await fakeCms();
    const limiter = new ConversionLimiter({ maxConcurrent: 1, maxQueued: 4 });
    const converter = watchedConverter({ startOpen: false });
    const get = await shop(cms.url, { limiter, convert: converter.convert, cacheDir: await temporaryDir() });

    const first = get("/uploads/first.png");
    await until(() => converter.counts().running === 1, "the first conversion");
    const leaving = new AbortController();
    const second = get("/uploads/second.png", { signal: leaving.signal });
    await until(() => limiter.stats.queuedVisitors === 1, "the second request to queue");
    leaving.abort();
    await expect(second).rejects.toThrow();
    await until(() => limiter.stats.queuedVisitors === 0, "the queue to empty");

    converter.open();
    expect((await first).status).toBe(200);
    expect(converter.counts().started).toBe(1);
    expect(cms.fetched).toEqual(["/uploads/first.png"]);
  });

  it("answers 404 for an upload the CMS does not have", async () => {
    const cms = await fakeCms();
    const get = await shop(cms.url, {
      limiter: new ConversionLimiter({ maxConcurrent: 1, maxQueued: 1 }),
      cacheDir: await temporaryDir(),
    });
    const response = await get("/uploads/missing.jpg");
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: { status: 404, name: "NotFound" } });
  });
});

describe("image disk cache", () => {
  it("lets another proxy (another process) serve a variant without fetching or converting it again", async () => {
    const cms = await fakeCms();
    const cacheDir = await temporaryDir();
    const variant: ImageVariant = { src: "/uploads/shared.png", width: 320, density: 2, format: "avif" };

    const firstConverter = watchedConverter({ startOpen: true });
    const first = await shop(cms.url, {
      limiter: new ConversionLimiter({ maxConcurrent: 1, maxQueued: 1 }),
      convert: firstConverter.convert,
      cacheDir,
    });
    const original = await first(variant.src, { width: 320, density: 2, accept: "image/avif" });
    expect(original.status).toBe(200);
    const originalBody = Buffer.from(await original.arrayBuffer());
    // The proxy answers first and stores afterwards, so as not to make the visitor wait for the disk.
    await until(() => new ImageDiskCache(cacheDir).has(variant), "the variant on disk");

    const secondConverter = watchedConverter({ startOpen: true });
    const second = await shop(cms.url, {
      limiter: new ConversionLimiter({ maxConcurrent: 1, maxQueued: 1 }),
      convert: secondConverter.convert,
      cacheDir,
    });
    const copy = await second(variant.src, { width: 320, density: 2, accept: "image/avif" });
    expect(copy.status).toBe(200);
    expect(copy.headers.get("content-type")).toBe("image/avif");
    expect(Buffer.from(await copy.arrayBuffer())).toEqual(originalBody);
    expect(cms.fetched).toEqual([variant.src]);
    expect(secondConverter.counts().started).toBe(0);
  });

  it("names files after a hash of src|width|dpr|format, one folder per conversion settings", () => {
    const disk = new ImageDiskCache("/cache");
    const file = disk.pathOf({ src: "/uploads/a.png", width: 320, density: 1, format: "webp" });
    expect(file).toMatch(/^\/cache\/v1\/[0-9a-f]{64}\.webp$/);
    expect(disk.pathOf({ src: "/uploads/a.png", width: 320, density: 2, format: "webp" })).not.toBe(file);
  });
});

describe("image pre-generation", () => {
  it("covers product cards and product pages at both densities, in AVIF and WebP", () => {
    const described = COMMON_IMAGE_VARIANTS.map(({ width, density, format }) => `${width}@${density}x.${format}`);
    expect(described.sort()).toEqual(
      [160, 320, 640].flatMap((width) => [1, 2].flatMap((d) => [`${width}@${d}x.avif`, `${width}@${d}x.webp`])).sort(),
    );
  });

  it("writes the common variants of every upload and skips those already on disk", async () => {
    const cms = await fakeCms();
    const cacheDir = await temporaryDir();
    const disk = new ImageDiskCache(cacheDir);
    const existing: ImageVariant = { src: "/uploads/a.png", ...COMMON_IMAGE_VARIANTS[0]! };
    await mkdir(path.dirname(disk.pathOf(existing)), { recursive: true });
    await writeFile(disk.pathOf(existing), "converted before");
    const limiter = new ConversionLimiter({ maxConcurrent: 2, maxQueued: 8 });
    const converter = watchedConverter({ startOpen: true });
    const options = { cmsUrl: cms.url, cacheDir, limiter, convert: converter.convert, enabled: true };

    const sources = ["/uploads/a.png", "/uploads/b.png", "/uploads/a.png", "https://elsewhere.test/c.png"];
    const report = await warmImageVariants(sources, options);
    expect(report).toEqual({ converted: 23, skipped: 1, failed: 0 });
    expect(converter.counts().peak).toBe(1);
    for (const src of ["/uploads/a.png", "/uploads/b.png"]) {
      for (const spec of COMMON_IMAGE_VARIANTS) expect(await disk.has({ src, ...spec })).toBe(true);
    }
    expect(await readFile(disk.pathOf(existing), "utf8")).toBe("converted before");
    const avif = await sharp(
      await readFile(disk.pathOf({ src: "/uploads/b.png", ...COMMON_IMAGE_VARIANTS[0]! })),
    ).metadata();
    expect(avif.format).toBe("heif");

    expect(await warmImageVariants(sources, options)).toEqual({ converted: 0, skipped: 24, failed: 0 });
    expect(cms.fetched).toEqual(["/uploads/a.png", "/uploads/b.png"]);
  });

  it("does nothing when switched off", async () => {
    const cacheDir = await temporaryDir();
    const report = await warmImageVariants(["/uploads/a.png"], {
      cmsUrl: "http://127.0.0.1:9",
      cacheDir,
      enabled: false,
    });
    expect(report).toEqual({ converted: 0, skipped: 0, failed: 0 });
  });
});

describe("conversion limiter", () => {
  function heldTask(log: string[], name: string) {
    let release = () => {};
    const done = new Promise<void>((resolve) => (release = resolve));
    return {
      task: async () => {
        log.push(name);
        await done;
      },
      release: () => release(),
    };
  }

  it("lets a waiting visitor go before background work queued earlier", async () => {
    const limiter = new ConversionLimiter({ maxConcurrent: 1, maxQueued: 4 });
    const started: string[] = [];
    const first = heldTask(started, "visitor 1");
    const background = heldTask(started, "background");
    const second = heldTask(started, "visitor 2");
    const running = [
      limiter.run(first.task, { priority: "visitor" }),
      limiter.run(background.task, { priority: "background" }),
      limiter.run(second.task, { priority: "visitor" }),
    ];
    first.release();
    await until(() => started.length === 2, "the next task");
    expect(started).toEqual(["visitor 1", "visitor 2"]);
    second.release();
    background.release();
    await Promise.all(running);
    expect(started).toEqual(["visitor 1", "visitor 2", "background"]);
  });

  it("runs one background conversion at a time, even with free slots", async () => {
    const limiter = new ConversionLimiter({ maxConcurrent: 3, maxQueued: 4 });
    const started: string[] = [];
    const one = heldTask(started, "one");
    const two = heldTask(started, "two");
    const running = [
      limiter.run(one.task, { priority: "background" }),
      limiter.run(two.task, { priority: "background" }),
    ];
    expect(limiter.stats).toMatchObject({ running: 1, queuedBackground: 1 });
    one.release();
    await until(() => started.length === 2, "the second task");
    two.release();
    await Promise.all(running);
    expect(limiter.stats.peakRunning).toBe(1);
  });

  it("refuses visitors beyond the queue and never refuses background work", async () => {
    const limiter = new ConversionLimiter({ maxConcurrent: 1, maxQueued: 1 });
    const held = heldTask([], "held");
    const running = limiter.run(held.task, { priority: "visitor" });
    const queued = limiter.run(async () => "queued", { priority: "visitor" });
    await expect(limiter.run(async () => "refused", { priority: "visitor" })).rejects.toBeInstanceOf(QueueFullError);
    const background = limiter.run(async () => "background", { priority: "background" });
    held.release();
    await expect(Promise.all([running, queued, background])).resolves.toEqual([undefined, "queued", "background"]);
  });
});

describe("image settings in the environment", () => {
  it("pre-generates by default and lets IMAGE_PREGENERATE switch it off", () => {
    expect(parseEnv({}).IMAGE_PREGENERATE).toBe(true);
    expect(parseEnv({}).IMAGE_CONCURRENCY).toBeUndefined();
    expect(parseEnv({ IMAGE_PREGENERATE: "false", IMAGE_CONCURRENCY: "3" })).toMatchObject({
      IMAGE_PREGENERATE: false,
      IMAGE_CONCURRENCY: 3,
    });
  });

  it("names a wrong image setting", () => {
    expect(() => parseEnv({ IMAGE_CONCURRENCY: "0" })).toThrow(/IMAGE_CONCURRENCY/);
    expect(() => parseEnv({ IMAGE_PREGENERATE: "perhaps" })).toThrow(/IMAGE_PREGENERATE/);
  });
});

describe("the memory conversions take", () => {
  it("runs as many conversions as cores, but leaves two of libuv's threads to file reads", () => {
    expect(defaultConversionConcurrency({ cores: 1, threadPoolSize: 4 })).toBe(1);
    expect(defaultConversionConcurrency({ cores: 16, threadPoolSize: 4 })).toBe(2);
    expect(defaultConversionConcurrency({ cores: 16, threadPoolSize: 8 })).toBe(6);
    expect(defaultConversionConcurrency({ cores: 16, threadPoolSize: 2 })).toBe(1);
    // An operator's IMAGE_CONCURRENCY stands.
    expect(defaultConversionConcurrency({ configured: 5, cores: 2, threadPoolSize: 4 })).toBe(5);
  });

  it("keeps no decoded picture in libvips' cache and gives each conversion one thread", () => {
    expect(sharp.concurrency()).toBe(1);
    expect(sharp.cache()).toMatchObject({ memory: { max: 0 }, items: { max: 0 } });
  });
});
