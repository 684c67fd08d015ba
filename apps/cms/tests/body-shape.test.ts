import { describe, expect, it } from "vitest";
import bodyShape, { bodyFault } from "../src/middlewares/body-shape";

// The body-shape middleware (src/middlewares/body-shape.ts): what it refuses before any controller.

describe("bodyFault", () => {
  it("finds a NUL in any string or key, however deep, and too deep a body", () => {
    expect(bodyFault({ reason: "x", boxes: [{ productId: 1 }] }, 32)).toBeNull();
    expect(bodyFault({ reason: "a\u0000b" }, 32)).toBe("nul");
    expect(bodyFault({ list: [{ deep: ["ok", "\u0000"] }] }, 32)).toBe("nul");
    expect(bodyFault({ "a\u0000": 1 }, 32)).toBe("nul");
    expect(bodyFault("\u0000", 32)).toBe("nul");
    expect(bodyFault(JSON.parse(`${"[".repeat(40)}${"]".repeat(40)}`), 32)).toBe("deep");
  });
});

describe("the middleware", () => {
  const run = async (
    path: string,
    body?: unknown,
    { type = "application/json", length = body === undefined ? 0 : 2 }: { type?: string; length?: number } = {},
  ) => {
    const request = { body, type, length, get: () => "" };
    const ctx = { method: "POST", path, request, status: 404, body: undefined as unknown, set: () => {} };
    let reached = false;
    await bodyShape()(ctx, async () => {
      reached = true;
    });
    return { status: reached ? 200 : ctx.status, reached };
  };

  it("answers 404 to a NUL in the path (as sent, percent-encoded), 400 to one in the body, without calling on", async () => {
    expect(await run("/api/subscriptions/mine/abc%00")).toEqual({ status: 404, reached: false });
    expect(await run("/api/payment-methods/mine/%00/default")).toEqual({ status: 404, reached: false });
    expect(await run("/api/subscriptions/mine/abc", { paymentMethodId: "\u0000" })).toEqual({
      status: 400,
      reached: false,
    });
    expect(await run("/api/subscriptions/mine/abc%2500", { reason: "100%00" })).toEqual({ status: 200, reached: true });
  });

  it("answers 400 to a body that is not JSON (XML, a form, text), except on the calls that take forms", async () => {
    const resume = "/api/subscriptions/mine/abc/resume";
    expect(await run(resume, undefined, { type: "application/xml", length: 8 })).toEqual({
      status: 400,
      reached: false,
    });
    expect(await run(resume, { reason: "x" }, { type: "application/x-www-form-urlencoded" })).toEqual({
      status: 400,
      reached: false,
    });
    expect(await run(resume, undefined, { type: "text/plain", length: 5 })).toEqual({ status: 400, reached: false });
    expect(await run(resume, { reason: "x" }, { type: "multipart/form-data" })).toEqual({
      status: 400,
      reached: false,
    });
    // JSON, none at all, or a multipart upload to the media library go on.
    expect(await run(resume, {})).toEqual({ status: 200, reached: true });
    expect(await run(resume, { a: 1 }, { type: "application/vnd.api+json" })).toEqual({ status: 200, reached: true });
    expect(await run(resume, undefined, { type: "", length: 0 })).toEqual({ status: 200, reached: true });
    expect(await run("/api/upload", {}, { type: "multipart/form-data" })).toEqual({ status: 200, reached: true });
    // The gateways' forms and the sandbox's pages.
    const form = { type: "application/x-www-form-urlencoded" };
    for (const path of [
      "/api/payments/redsys/notification",
      "/api/payments/sandbox/ABC123",
      "/api/payment-methods/redsys/notification",
      "/api/payment-methods/sandbox/ABC123",
    ]) {
      expect(await run(path, { decision: "approve" }, form)).toEqual({ status: 200, reached: true });
    }
  });
});
