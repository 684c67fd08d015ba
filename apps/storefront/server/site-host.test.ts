import type { NextFunction, Request, Response } from "express";
import { afterEach, describe, expect, it, vi } from "vitest";
import { oneSiteHost } from "./site-host";

function reach(
  middleware: ReturnType<typeof oneSiteHost>,
  hostname: string,
  {
    method = "GET",
    url = "/nuestras-cajas?page=2",
    hostHeader,
  }: { method?: string; url?: string; hostHeader?: string } = {},
) {
  const next = vi.fn();
  const res = { set: vi.fn(), redirect: vi.fn() };
  const request = { hostname, method, originalUrl: url, get: () => hostHeader ?? hostname };
  middleware(request as unknown as Request, res as unknown as Response, next as NextFunction);
  return { next, redirect: res.redirect };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("a host other than SITE_URL's", () => {
  it("is said once per host, and the request goes on", () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const middleware = oneSiteHost({ siteUrl: "https://imperfecta.example" });
    expect(reach(middleware, "imperfecta.example").next).toHaveBeenCalledOnce();
    expect(logged).not.toHaveBeenCalled();
    expect(reach(middleware, "shop-1.internal").next).toHaveBeenCalledOnce();
    expect(reach(middleware, "shop-1.internal").next).toHaveBeenCalledOnce();
    expect(logged).toHaveBeenCalledOnce();
    expect(logged.mock.calls[0]?.[0]).toContain("shop-1.internal");
  });

  it("stops telling after 20 hosts (made-up Host headers)", () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const middleware = oneSiteHost({ siteUrl: "https://imperfecta.example" });
    for (let index = 0; index < 50; index++) reach(middleware, `bogus-${index}.example`);
    expect(logged).toHaveBeenCalledTimes(20);
  });
});

describe("another name of this machine", () => {
  it("sends a page asked for at 127.0.0.1 to SITE_URL's localhost, path and query kept", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const middleware = oneSiteHost({ siteUrl: "http://localhost:3100" });
    const { next, redirect } = reach(middleware, "127.0.0.1", { hostHeader: "127.0.0.1:3100" });
    expect(next).not.toHaveBeenCalled();
    expect(redirect).toHaveBeenCalledWith(302, "http://localhost:3100/nuestras-cajas?page=2");
  });

  it("and the other way round", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { redirect } = reach(oneSiteHost({ siteUrl: "http://127.0.0.1:3000" }), "localhost", {
      url: "/",
      hostHeader: "localhost:3000",
    });
    expect(redirect).toHaveBeenCalledWith(302, "http://127.0.0.1:3000/");
  });

  it("leaves form posts, absolute-form targets and public hosts to the checks after it", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const local = oneSiteHost({ siteUrl: "http://localhost:3000" });
    expect(reach(local, "127.0.0.1", { method: "POST", hostHeader: "127.0.0.1:3000" }).next).toHaveBeenCalledOnce();
    // Another port is another server: a storefront started by hand on 3100 with the default SITE_URL.
    expect(reach(local, "127.0.0.1", { hostHeader: "127.0.0.1:3100" }).redirect).not.toHaveBeenCalled();
    expect(
      reach(local, "127.0.0.1", { url: "http://evil.example/", hostHeader: "127.0.0.1:3000" }).redirect,
    ).not.toHaveBeenCalled();
    // Behind a load balancer the Host may be the balancer's name for this process: never a loop.
    const deployed = oneSiteHost({ siteUrl: "https://imperfecta.example" });
    expect(reach(deployed, "127.0.0.1").redirect).not.toHaveBeenCalled();
  });
});
