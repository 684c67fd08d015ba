import { describe, expect, it } from "vitest";
import { detectLocale, LOCALES, serializeLocaleCookie } from "./locales";
import { canonicalUrl, hreflangLinks, renderRobotsTxt, renderSitemap, staticSitemapEntries } from "./seo";
import { SCREENS } from "./screens";
import { SCREEN_IDS } from "./table";

describe("language", () => {
  it("takes the language from the first two-letter segment, then the cookie, then Spanish", () => {
    expect(detectLocale("/ca/no-existe", "pt")).toBe("ca");
    expect(detectLocale("/pt", null)).toBe("pt");
    expect(detectLocale("/no-existe", "pt")).toBe("pt");
    expect(detectLocale("/en/whatever", "ca")).toBe("ca");
    expect(detectLocale("/en/whatever", "xx")).toBe("es");
    expect(detectLocale("/", undefined)).toBe("es");
  });

  it("keeps the language cookie for a year on the whole site, SameSite=Lax", () => {
    expect(serializeLocaleCookie("ca")).toBe("lang=ca; Max-Age=31536000; Path=/; SameSite=Lax");
    expect(serializeLocaleCookie("pt", true)).toContain("; Secure");
  });
});

describe("SEO helpers", () => {
  it("keeps only whitelisted query parameters in canonical URLs", () => {
    expect(canonicalUrl("https://shop.test/", "/nuestras-cajas", "?utm_source=x&page=2&fbclid=1")).toBe(
      "https://shop.test/nuestras-cajas?page=2",
    );
    expect(canonicalUrl("https://shop.test", "/", "")).toBe("https://shop.test/");
  });

  it("lists every language and x-default as hreflang alternates", () => {
    expect(hreflangLinks("https://shop.test", "team")).toEqual([
      { hreflang: "es-ES", href: "https://shop.test/equipo" },
      { hreflang: "ca-ES", href: "https://shop.test/ca/equip" },
      { hreflang: "pt-PT", href: "https://shop.test/pt/team" },
      { hreflang: "x-default", href: "https://shop.test/equipo" },
    ]);
  });

  it("renders a sitemap of public pages in three languages with alternates", () => {
    const xml = renderSitemap("https://shop.test", staticSitemapEntries());
    expect(xml).toContain("<loc>https://shop.test/ca/les-nostres-caixes</loc>");
    expect(xml).toContain("<loc>https://shop.test/pt/nova%20ordem</loc>");
    expect(xml).toContain('hreflang="x-default" href="https://shop.test/nuestras-cajas"');
    expect(xml).not.toContain("mi-cuenta");
    expect(xml).not.toContain("iniciar-sesion");
    expect(xml).not.toContain(":slug");
    const locs = xml.match(/<loc>/g) ?? [];
    expect(locs.length).toBe(staticSitemapEntries().length * 3);
  });

  it("writes a robots.txt that hides private areas, never a public page, and names the sitemap by URL", () => {
    const robots = renderRobotsTxt("https://shop.test/");
    const rules = [...robots.matchAll(/^Disallow: (.+)$/gm)].map((match) => match[1]!);
    expect(rules).toEqual(expect.arrayContaining(["/mi-cuenta", "/ca/el-meu-compte", "/pt/admin", "/api/"]));
    // An optional parameter: the page without it is hidden too.
    expect(rules).toEqual(expect.arrayContaining(["/payment-completed", "/pt/payment-failed"]));
    expect(robots).toContain("\nSitemap: https://shop.test/sitemap.xml\n");
    const publicPaths = SCREEN_IDS.filter((id) => SCREENS[id].indexable).flatMap((id) =>
      LOCALES.flatMap((locale) => SCREENS[id].paths[locale]),
    );
    for (const path of publicPaths) expect(rules.filter((rule) => path.startsWith(rule))).toEqual([]);
  });
});
