import { layout, route, type RouteConfig, type RouteConfigEntry } from "@react-router/dev/routes";
import { LOCALES, RESOURCE_PATHS, SCREEN_IDS, SCREENS, toRouterPattern, type Layout } from "@shop/routing";

const LAYOUT_FILES: Record<Exclude<Layout, "none">, string> = {
  default: "layouts/default.tsx",
  auth: "layouts/auth.tsx",
  admin: "layouts/admin.tsx",
  "buy-process": "layouts/buy-process.tsx",
};

/** One React Router route per screen, language and path, all taken from the route table. */
function screenRoutes(layoutName: Layout): RouteConfigEntry[] {
  return SCREEN_IDS.filter((id) => SCREENS[id].layout === layoutName).flatMap((id) =>
    LOCALES.flatMap((locale) =>
      SCREENS[id].paths[locale].map((pattern, index) =>
        route(toRouterPattern(pattern), SCREENS[id].file, { id: `${id}.${locale}.${index}` }),
      ),
    ),
  );
}

export default [
  route(RESOURCE_PATHS.sitemap, "routes/sitemap.ts"),
  route(RESOURCE_PATHS.robots, "routes/robots.ts"),
  route(RESOURCE_PATHS.logout, "routes/logout.ts"),
  route(RESOURCE_PATHS.newsletterSignup, "routes/newsletter-signup.ts"),
  route(RESOURCE_PATHS.accountData, "routes/account-data.ts"),
  route(RESOURCE_PATHS.giftCardBalance, "routes/gift-card-balance.ts"),
  route(RESOURCE_PATHS.invoice, "routes/invoice-pdf.ts"),
  layout(LAYOUT_FILES.default, [...screenRoutes("default"), route("*", "routes/not-found.tsx")]),
  layout(LAYOUT_FILES.auth, screenRoutes("auth")),
  layout(LAYOUT_FILES.admin, screenRoutes("admin")),
  layout(LAYOUT_FILES["buy-process"], screenRoutes("buy-process")),
  ...screenRoutes("none"),
] satisfies RouteConfig;
