import { okAnswerSchema } from "@shop/contracts";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { cmsError, fieldRefusal, json, useFakeCms } from "../tests/fake-cms";
import { CmsAnswerError, cmsCall, cmsFetch, cmsGet } from "./cms.server";

const cms = useFakeCms();

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
});

/** The CMS answering each call with the next status of `statuses` (the last one from then on). */
function answering(...statuses: number[]) {
  cms.otherwise(() => {
    const status = statuses[Math.min(cms.calls.length, statuses.length) - 1] ?? 200;
    return json({ ok: true }, status);
  });
}

const read = (path = "/faqs") => cmsCall(path, { contract: okAnswerSchema });

describe("a call to the CMS", () => {
  it("sends the customer's token, the visitor's address with the proxy's secret, and the body as JSON", async () => {
    cms.on("POST /orders", json({ ok: true }));
    await cmsCall("/orders", {
      contract: okAnswerSchema,
      method: "POST",
      token: "jwt",
      body: { a: 1 },
      clientIp: "203.0.113.7",
    });
    const [call] = cms.calls;
    expect(call).toMatchObject({
      method: "POST",
      path: "/orders",
      token: "jwt",
      clientIp: "203.0.113.7",
      body: { a: 1 },
    });
    expect(call?.headers.get("content-type")).toBe("application/json");
    expect(call?.headers.get("x-shop-proxy-secret")).toBeTruthy();
  });

  it("answers the value its contract checked", async () => {
    cms.on("GET /faqs", json({ ok: true, extra: "dropped" }));
    expect(await read()).toEqual({ ok: true, value: { ok: true } });
  });

  it("tries a read once more when the CMS was busy or restarting, and answers the second try", async () => {
    for (const status of [408, 409, 425, 500, 502, 503, 504]) {
      cms.reset();
      answering(status, 200);
      expect((await read()).ok, String(status)).toBe(true);
      expect(cms.calls).toHaveLength(2);
    }
  });

  it("tries once more only once", async () => {
    answering(503, 503, 200);
    expect(await read()).toMatchObject({ ok: false, status: "failed", httpStatus: 503 });
    expect(cms.calls).toHaveLength(2);
  });

  it("never repeats a write, a rate limit, a refusal that will not pass, nor a call told not to", async () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE"] as const) {
      cms.reset();
      answering(503, 200);
      expect((await cmsCall("/orders", { contract: okAnswerSchema, method, body: {} })).ok).toBe(false);
      expect(cms.calls).toHaveLength(1);
    }
    // 429: the CMS counts this visitor's attempts; another at once would only count one more.
    for (const status of [429, 404]) {
      cms.reset();
      answering(status, 200);
      expect((await read()).ok).toBe(false);
      expect(cms.calls).toHaveLength(1);
    }
    cms.reset();
    answering(503, 200);
    expect((await cmsCall("/products?isActive=all", { contract: okAnswerSchema, retry: false })).ok).toBe(false);
    expect(cms.calls).toHaveLength(1);
  });
});

describe("the CMS's refusals (specification, HTTP client: the server's error body passed on)", () => {
  it("passes the CMS's error body on", async () => {
    cms.on(
      "GET /faqs",
      cmsError(503, { name: "ServiceUnavailableError", message: "database down", details: { why: 1 } }),
    );
    expect(await read()).toEqual({
      ok: false,
      status: "failed",
      httpStatus: 503,
      error: { status: 503, name: "ServiceUnavailableError", message: "database down", details: { why: 1 } },
    });
  });

  it("without an error body, says UnknownError with status 500: an empty body, a non-JSON page, JSON of another shape", async () => {
    for (const body of ["", "<html>Bad gateway</html>", JSON.stringify({ message: "no" })]) {
      cms.reset();
      cms.on("GET /faqs", new Response(body, { status: 502 }));
      expect(await read()).toMatchObject({
        ok: false,
        status: "failed",
        httpStatus: 502,
        error: { status: 500, name: "UnknownError" },
      });
    }
  });

  it("says UnknownError with status 500 and the reason when the CMS cannot be reached", async () => {
    cms.otherwise(() => Promise.reject(new TypeError("fetch failed")));
    expect(await read()).toEqual({
      ok: false,
      status: "failed",
      httpStatus: null,
      error: { status: 500, name: "UnknownError", message: "fetch failed" },
    });
  });

  it("gives up at the call's deadline, its retry included", async () => {
    const deadline = new AbortController();
    cms.otherwise(() => {
      deadline.abort(new DOMException("The operation timed out.", "TimeoutError"));
      return cmsError(503);
    });
    expect(await cmsCall("/faqs", { contract: okAnswerSchema, signal: deadline.signal })).toMatchObject({
      ok: false,
      status: "failed",
      httpStatus: null,
      error: { status: 500, name: "UnknownError", message: "The operation timed out." },
    });
    expect(cms.calls).toHaveLength(1);
  });

  it("refuses an answer that breaks its contract, rather than show wrong data", async () => {
    cms.on("GET /faqs", json({ ok: "yes" }));
    expect(await read()).toMatchObject({
      ok: false,
      status: "failed",
      httpStatus: 200,
      error: { name: "UnknownError" },
    });
  });

  it("reads 401 and 403 as signed out, 404 as not found, whatever their body", async () => {
    for (const [status, meaning] of [
      [401, "signedOut"],
      [403, "signedOut"],
      [404, "notFound"],
    ] as const) {
      cms.reset();
      cms.on("GET /faqs", new Response("", { status }));
      expect(await read(), String(status)).toMatchObject({ ok: false, status: meaning, httpStatus: status });
    }
  });

  it("reads 429 as limited, with the CMS's wait or a minute", async () => {
    cms.on("GET /faqs", cmsError(429, { name: "RateLimitError", headers: { "Retry-After": "120" } }));
    expect(await read()).toMatchObject({
      status: "limited",
      retryAfterSeconds: 120,
      error: { name: "RateLimitError" },
    });
    cms.on("GET /faqs", cmsError(429));
    expect(await read()).toMatchObject({ status: "limited", retryAfterSeconds: 60 });
  });

  it("reads 400 and 409 naming fields as invalid: each field's first error, paths joined with dots, limits read", async () => {
    cms.on("POST /x", fieldRefusal({ email: "emailTaken", "boxes.0.exclusions": "tooLong:80" }));
    expect(await cmsCall("/x", { contract: okAnswerSchema, method: "POST" })).toMatchObject({
      status: "invalid",
      httpStatus: 400,
      errors: { email: { code: "emailTaken" }, "boxes.0.exclusions": { code: "tooLong", max: 80 } },
      error: { name: "ValidationError" },
    });
    cms.on("POST /x", fieldRefusal({ "delivery.slot": "slot_full" }, 409));
    expect(await cmsCall("/x", { contract: okAnswerSchema, method: "POST" })).toMatchObject({
      status: "invalid",
      httpStatus: 409,
      errors: { "delivery.slot": { code: "slot_full" } },
    });
  });

  it("reads a code about the whole request as the form's error; a 400 naming nothing fails; a 409 naming nothing is a conflict", async () => {
    cms.on("POST /x", cmsError(400, { details: { code: "invalidCredentials" } }));
    expect(await cmsCall("/x", { contract: okAnswerSchema, method: "POST" })).toMatchObject({
      status: "invalid",
      errors: { form: { code: "invalidCredentials" } },
    });
    cms.on("POST /x", cmsError(400));
    expect(await cmsCall("/x", { contract: okAnswerSchema, method: "POST" })).toMatchObject({ status: "failed" });
    cms.on("POST /x", cmsError(409, { name: "ConflictError" }));
    expect(await cmsCall("/x", { contract: okAnswerSchema, method: "POST" })).toMatchObject({
      status: "conflict",
      httpStatus: 409,
    });
  });
});

describe("cmsGet, for the cached resources", () => {
  it("answers the checked value, or throws the refusal with the status the CMS answered", async () => {
    cms.on("GET /faqs", json({ ok: true }));
    expect(await cmsGet("/faqs", okAnswerSchema)).toEqual({ ok: true });
    cms.on("GET /faqs", cmsError(404, { name: "NotFoundError" }));
    const refused = await cmsGet("/faqs", okAnswerSchema).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(CmsAnswerError);
    expect((refused as CmsAnswerError).status).toBe(404);
    expect((refused as CmsAnswerError).refusal.error.name).toBe("NotFoundError");
  });
});

describe("cmsFetch, the transport", () => {
  it("answers the CMS's own response (a streamed download)", async () => {
    cms.on("GET /users/me/export", new Response("{}", { headers: { "Content-Type": "application/json" } }));
    expect((await cmsFetch("/users/me/export", { token: "t" })).headers.get("Content-Type")).toBe("application/json");
  });
});
