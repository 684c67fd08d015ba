import type { NextFunction, Request, Response } from "express";
import { afterEach, describe, expect, it, vi } from "vitest";
import { reportForeignHosts } from "./site-host";

const reach = (middleware: ReturnType<typeof reportForeignHosts>, hostname: string) => {
  const next = vi.fn();
  middleware({ hostname } as Request, {} as Response, next as unknown as NextFunction);
  expect(next).toHaveBeenCalledOnce();
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe("a host other than SITE_URL's", () => {
  it("is said once per host, and the request goes on", () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const middleware = reportForeignHosts({ siteUrl: "https://imperfecta.example" });
    reach(middleware, "imperfecta.example");
    expect(logged).not.toHaveBeenCalled();
    reach(middleware, "shop-1.internal");
    reach(middleware, "shop-1.internal");
    expect(logged).toHaveBeenCalledOnce();
    expect(logged.mock.calls[0]?.[0]).toContain("shop-1.internal");
  });

  it("stops telling after 20 hosts (made-up Host headers)", () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const middleware = reportForeignHosts({ siteUrl: "https://imperfecta.example" });
    for (let index = 0; index < 50; index++) reach(middleware, `bogus-${index}.example`);
    expect(logged).toHaveBeenCalledTimes(20);
  });
});
