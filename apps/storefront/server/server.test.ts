import type { NextFunction, Request, Response } from "express";
import { describe, expect, it, vi } from "vitest";
import { parseEnv } from "../app/env.server";
import { pagePath } from "./request-context";
import { frameSources, sameOriginWrites, securityHeaders } from "./security";

function fakeRequest(method: string, headers: Record<string, string>, path = "/"): Request {
  const lower = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
  return {
    method,
    path,
    protocol: "https",
    headers: lower,
    complete: true,
    get: (name: string) => lower[name.toLowerCase()],
  } as unknown as Request;
}

const APPLE = { origin: "https://appleid.apple.com", paths: ["/connect/apple/redirect"] };

function runGuard(method: string, headers: Record<string, string>, path = "/") {
  const next = vi.fn();
  let status: number | undefined;
  const res = {
    status: (code: number) => {
      status = code;
      return { json: () => undefined };
    },
  } as unknown as Response;
  sameOriginWrites("https://shop.test", { crossSitePosts: [APPLE] })(
    fakeRequest(method, { Host: "shop.test", ...headers }, path),
    res,
    next as unknown as NextFunction,
  );
  return { passed: next.mock.calls.length === 1, status };
}

describe("cross-site write protection", () => {
  it("lets reads through from anywhere", () => {
    expect(runGuard("GET", { "Sec-Fetch-Site": "cross-site" }).passed).toBe(true);
  });

  it("accepts writes from our own pages", () => {
    expect(runGuard("POST", { "Sec-Fetch-Site": "same-origin" }).passed).toBe(true);
    expect(runGuard("POST", { Origin: "https://shop.test" }).passed).toBe(true);
  });

  it("refuses writes another site makes a browser send", () => {
    expect(runGuard("POST", { "Sec-Fetch-Site": "cross-site", Origin: "https://evil.test" })).toEqual({
      passed: false,
      status: 403,
    });
    expect(runGuard("DELETE", { Origin: "https://evil.test" })).toEqual({ passed: false, status: 403 });
    expect(runGuard("POST", { "Sec-Fetch-Site": "same-site" }).passed).toBe(false);
  });

  it("refuses writes from an opaque origin (sandboxed frames, data: pages)", () => {
    expect(runGuard("POST", { Origin: "null" })).toEqual({ passed: false, status: 403 });
  });

  it("accepts a provider's form post to its own way back only, from its own origin", () => {
    const fromApple = { "Sec-Fetch-Site": "cross-site", Origin: APPLE.origin };
    expect(runGuard("POST", fromApple, "/connect/apple/redirect").passed).toBe(true);
    expect(runGuard("POST", fromApple, "/mi-cuenta/perfil").passed).toBe(false);
    expect(runGuard("DELETE", fromApple, "/connect/apple/redirect").passed).toBe(false);
    const fromElsewhere = { "Sec-Fetch-Site": "cross-site", Origin: "https://evil.test" };
    expect(runGuard("POST", fromElsewhere, "/connect/apple/redirect").passed).toBe(false);
  });

  it("accepts writes from non-browser clients, which carry no ambient cookies", () => {
    expect(runGuard("POST", {}).passed).toBe(true);
  });
});

describe("storefront environment", () => {
  it("has working defaults", () => {
    expect(parseEnv({})).toMatchObject({
      PORT: 3000,
      SITE_URL: "http://localhost:3000",
      CMS_URL: "http://127.0.0.1:1337",
    });
  });

  it("trusts no proxy to name the visitor unless told how many there are", () => {
    expect(parseEnv({}).TRUST_PROXY_HOPS).toBe(0);
    expect(parseEnv({ TRUST_PROXY_HOPS: "2" }).TRUST_PROXY_HOPS).toBe(2);
  });

  it("refuses the development proxy secret on a shop served over https", () => {
    expect(() => parseEnv({ SITE_URL: "https://shop.test" })).toThrow(/PROXY_SECRET/);
    expect(parseEnv({ SITE_URL: "https://shop.test", PROXY_SECRET: "a-real-secret-of-some-length" })).toMatchObject({
      SITE_URL: "https://shop.test",
    });
  });

  it("trims trailing slashes from URLs", () => {
    expect(parseEnv({ SITE_URL: "http://shop.test/" }).SITE_URL).toBe("http://shop.test");
  });

  it("names the variable that is wrong", () => {
    expect(() => parseEnv({ PORT: "seventy" })).toThrow(/PORT/);
    expect(() => parseEnv({ CMS_URL: "not a url" })).toThrow(/CMS_URL/);
  });
});

describe("page path of a request", () => {
  it("maps React Router data requests to the page they load", () => {
    expect(pagePath("/ca/equip.data")).toBe("/ca/equip");
    expect(pagePath("/_root.data")).toBe("/");
    expect(pagePath("/ca/equip")).toBe("/ca/equip");
  });
});

/** The Content-Security-Policy the security headers give a page, as directive -> sources. */
function contentSecurityPolicy(options: Parameters<typeof securityHeaders>[0]): Map<string, string[]> {
  const headers = new Map<string, string>();
  const res = {
    locals: { cspNonce: "n0nce" },
    setHeader: (name: string, value: string) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  } as unknown as Response;
  const next = vi.fn();
  securityHeaders(options)({} as Request, res, next as unknown as NextFunction);
  expect(next).toHaveBeenCalledOnce();
  const policy = headers.get("content-security-policy") ?? "";
  return new Map(
    policy.split(";").map((directive) => {
      const [name = "", ...sources] = directive.trim().split(/\s+/);
      return [name, sources] as const;
    }),
  );
}

describe("framing in the content security policy", () => {
  const base = { https: true, development: false };
  const CHAT = "https://chat.example.com/shop/embed?id=42";

  it("lets nothing be framed without a tag manager or a chat (default-src 'self' covers it)", () => {
    expect(frameSources({})).toBeNull();
    expect(contentSecurityPolicy(base).has("frame-src")).toBe(false);
    expect(contentSecurityPolicy(base).get("default-src")).toEqual(["'self'"]);
  });

  it("frames the support chat's origin only, not its path, with SUPPORT_CHAT_URL", () => {
    expect(contentSecurityPolicy({ ...base, supportChatUrl: CHAT }).get("frame-src")).toEqual([
      "'self'",
      "https://chat.example.com",
    ]);
    expect(frameSources({ supportChatUrl: "http://127.0.0.1:4100/chat" })).toEqual(["'self'", "http://127.0.0.1:4100"]);
  });

  it("keeps the tag manager's frames, and adds the chat's beside them", () => {
    const tagManagerOnly = contentSecurityPolicy({ ...base, tagManager: true }).get("frame-src");
    expect(tagManagerOnly).toEqual(["'self'", "https://td.doubleclick.net", "https://www.googletagmanager.com"]);
    expect(contentSecurityPolicy({ ...base, tagManager: true, supportChatUrl: CHAT }).get("frame-src")).toEqual([
      ...(tagManagerOnly ?? []),
      "https://chat.example.com",
    ]);
  });

  it("lets the chat into frames only: no script, connection or form goes to its origin", () => {
    const policy = contentSecurityPolicy({ ...base, supportChatUrl: CHAT });
    for (const directive of ["script-src", "connect-src", "img-src", "form-action", "frame-ancestors"]) {
      expect(policy.get(directive)?.join(" ")).not.toContain("chat.example.com");
    }
  });
});
