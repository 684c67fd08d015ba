import { describe, expect, it } from "vitest";
import { runGuard, safeRedirectTarget, UnknownRouteMiddlewareError } from "./guards";
import { canonicalRedirect, isSameSitePath } from "./redirects";

describe("route guards", () => {
  it("lets everyone through the 'none' guard", () => {
    expect(runGuard("none", { signedIn: false, locale: "es", target: "/" })).toEqual({ allow: true });
  });

  it("sends a signed-out visitor to the login page of their language, remembering the target", () => {
    const outcome = runGuard("auth", { signedIn: false, locale: "ca", target: "/ca/el-meu-compte/comandes?page=2" });
    expect(outcome).toEqual({
      allow: false,
      redirectTo: "/ca/iniciar-sessio?redirect=%2Fca%2Fel-meu-compte%2Fcomandes%3Fpage%3D2",
    });
    expect(runGuard("auth", { signedIn: true, locale: "ca", target: "/ca/el-meu-compte" })).toEqual({ allow: true });
  });

  it("sends a signed-in customer away from guest-only pages to the account home", () => {
    expect(runGuard("guest", { signedIn: true, locale: "pt", target: "/pt/auth/login" })).toEqual({
      allow: false,
      redirectTo: "/pt/admin",
    });
    expect(runGuard("guest", { signedIn: false, locale: "pt", target: "/pt/auth/login" })).toEqual({ allow: true });
  });

  it("fails on a guard name outside the table", () => {
    expect(() => runGuard("staff", { signedIn: true, locale: "es", target: "/" })).toThrow("Unknown route middleware");
    expect(() => runGuard("toString", { signedIn: true, locale: "es", target: "/" })).toThrow(
      UnknownRouteMiddlewareError,
    );
  });

  it("accepts only same-site paths as a post-login destination", () => {
    expect(safeRedirectTarget("/mi-cuenta")).toBe("/mi-cuenta");
    expect(safeRedirectTarget("//evil.example")).toBeNull();
    expect(safeRedirectTarget("/\\evil.example")).toBeNull();
    expect(safeRedirectTarget("https://evil.example")).toBeNull();
    expect(safeRedirectTarget(null)).toBeNull();
    expect(safeRedirectTarget("/\t/evil.example")).toBeNull();
    expect(safeRedirectTarget("/a\\b")).toBeNull();
    expect(safeRedirectTarget("/x\u0000")).toBeNull();
    expect(safeRedirectTarget(`/${"a".repeat(2000)}`)).toBeNull();
    expect(safeRedirectTarget("/mi-cuenta/pedidos?page=2")).toBe("/mi-cuenta/pedidos?page=2");
  });

  it("gives a destination past ASCII percent-encoded, as a Location header can carry it", () => {
    expect(safeRedirectTarget("/pt/nova ordem")).toBe("/pt/nova%20ordem");
    expect(safeRedirectTarget("/tienda/piña?q=€")).toBe("/tienda/pi%C3%B1a?q=%E2%82%AC");
    expect(safeRedirectTarget("/caja-🍅")).toBe("/caja-%F0%9F%8D%85");
    // Already encoded stays as it is: decoding and encoding again would change what the page gets.
    expect(safeRedirectTarget("/a%2Fb?x=%E2%82%AC")).toBe("/a%2Fb?x=%E2%82%AC");
    for (const target of ["/ĀĀ", "/x?q=😀", "/\u00a0"]) {
      expect(safeRedirectTarget(target), target).toMatch(/^\/[\x21-\x7e]*$/);
    }
    // A lone surrogate cannot be written as UTF-8, and an encoding past the bound is not kept.
    expect(safeRedirectTarget("/x\ud800")).toBeNull();
    expect(safeRedirectTarget(`/${"€".repeat(400)}`)).toBeNull();
  });
});

describe("canonical redirects", () => {
  it("drops a trailing slash from known pages", () => {
    expect(canonicalRedirect("/equipo/")).toBe("/equipo");
    expect(canonicalRedirect("/ca/")).toBe("/ca");
    expect(canonicalRedirect("/no-existe/")).toBeNull();
    expect(canonicalRedirect("/")).toBeNull();
  });

  it("drops an explicit Spanish prefix, since Spanish has none", () => {
    expect(canonicalRedirect("/es")).toBe("/");
    expect(canonicalRedirect("/es/equipo")).toBe("/equipo");
    expect(canonicalRedirect("/es/equipo/")).toBe("/equipo");
    expect(canonicalRedirect("/es/equip")).toBeNull();
  });

  it("leaves canonical paths alone", () => {
    expect(canonicalRedirect("/equipo")).toBeNull();
    expect(canonicalRedirect("/ca/equip")).toBeNull();
  });

  it("only ever redirects to a path of this site", () => {
    // `//productos/x` is read by browsers as the host "productos".
    expect(canonicalRedirect("/es//productos/caja-de-fruta")).toBe("/productos/caja-de-fruta");
    expect(canonicalRedirect("//equipo")).toBe("/equipo");
    expect(canonicalRedirect("/es//evil.example/")).toBeNull();
    expect(canonicalRedirect("//evil.example")).toBeNull();
    for (const path of ["/es//x", "//", "/es/\\evil.example", "///evil.example/", "/es///equipo"]) {
      const target = canonicalRedirect(path);
      if (target !== null) expect(isSameSitePath(target), `${path} -> ${target}`).toBe(true);
    }
  });

  it("keeps the login redirect short whatever the visitor asked for", () => {
    const longQuery = `/mi-cuenta/pedidos?${"a=1&".repeat(1500)}`;
    const outcome = runGuard("auth", { signedIn: false, locale: "es", target: longQuery });
    expect(outcome).toEqual({ allow: false, redirectTo: "/iniciar-sesion?redirect=%2Fmi-cuenta%2Fpedidos" });
    const longPath = `/mi-cuenta/${"x".repeat(3000)}`;
    expect(runGuard("auth", { signedIn: false, locale: "es", target: longPath })).toEqual({
      allow: false,
      redirectTo: "/iniciar-sesion",
    });
  });
});
