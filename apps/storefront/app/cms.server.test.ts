import { afterEach, describe, expect, it, vi } from "vitest";
import { cmsFetch } from "./cms.server";

/** The CMS answering each call with the next status of `statuses` (the last one from then on). */
function cmsAnswering(...statuses: number[]) {
  const calls: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push(`${init.method} ${url}`);
      const status = statuses[Math.min(calls.length, statuses.length) - 1] ?? 200;
      return new Response(JSON.stringify({ status }), { status });
    }),
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("a call to the CMS", () => {
  it("tries a read once more when the CMS was busy or restarting, and answers the second try", async () => {
    for (const status of [408, 409, 425, 500, 502, 503, 504]) {
      const calls = cmsAnswering(status, 200);
      const response = await cmsFetch("/faqs");
      expect(response.status, String(status)).toBe(200);
      expect(calls).toHaveLength(2);
    }
  });

  it("tries once more only once", async () => {
    const calls = cmsAnswering(503, 503, 200);
    expect((await cmsFetch("/faqs")).status).toBe(503);
    expect(calls).toHaveLength(2);
  });

  it("never repeats a write, a rate limit, a refusal that will not pass, nor the product list", async () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE"] as const) {
      const calls = cmsAnswering(503, 200);
      expect((await cmsFetch("/orders", { method, body: {} })).status).toBe(503);
      expect(calls).toHaveLength(1);
    }
    // 429: the CMS counts this visitor's attempts; another at once would only count one more.
    const limited = cmsAnswering(429, 200);
    expect((await cmsFetch("/faqs")).status).toBe(429);
    expect(limited).toHaveLength(1);
    const notFound = cmsAnswering(404, 200);
    expect((await cmsFetch("/faqs/9")).status).toBe(404);
    expect(notFound).toHaveLength(1);
    const products = cmsAnswering(503, 200);
    expect((await cmsFetch("/products?isActive=all", { retry: false })).status).toBe(503);
    expect(products).toHaveLength(1);
  });
});
